import { POST_LIMITS, postsEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PeopleService } from '#src/modules/people/index.js';
import type { CommentsService } from './comments.service.js';
import type { FeedService } from './feed.service.js';
import type { PostsService } from './posts.service.js';
import type { ReportsService } from './reports.service.js';
import type { TribesService } from '#src/modules/tribes/index.js';
import { readForm } from '#src/core/form.js';
import { optionalIdempotencyKey } from '#src/core/idempotency-key.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** The sender's socket (Echo's X-Socket-Id), so a realtime event does not echo back to it. */
const socketOf = (req: FastifyRequest) => {
  const id = req.headers['x-socket-id'];
  return typeof id === 'string' && /^\d+\.\d+$/.test(id) ? id : undefined;
};

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface PostsRoutesDeps {
  comments: CommentsService;
  feed: FeedService;
  people: PeopleService;
  posts: PostsService;
  reports: ReportsService;
  tribes: TribesService;
}

/**
 * Posts, the feed, explore, reactions, comments and reports (DESIGN section 5, "Posts and people";
 * every endpoint is declared in packages/shared/src/contract/posts.ts).
 */
export async function postsRoutes(app: FastifyInstance, { ctx }: { ctx: PostsRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };
  const viewer = (req: FastifyRequest) => req.auth?.user ?? null;

  // The hot path (docs/decisions/010): one statement in the service, nothing added here.
  route(app, api.feed)(async (req) => ({ data: await ctx.feed.feed(req.auth!.user, req.query) }));

  route(
    app,
    api.explore,
  )(async (req) => {
    const q = req.query.q?.trim();
    const [posts, tribes, people] = await Promise.all([
      ctx.feed.explore(viewer(req), req.query),
      q && !req.query.cursor ? ctx.tribes.list(viewer(req), { q, limit: 5 }) : Promise.resolve(null),
      q && !req.query.cursor ? ctx.people.search(q, viewer(req)) : Promise.resolve(null),
    ]);
    return { data: { ...posts, tribes: tribes?.items ?? [], people: people ?? [] } };
  });

  route(app, api.tribePosts)(async (req) => ({ data: await ctx.feed.tribePosts(req.params.id, viewer(req), req.query) }));

  route(
    app,
    api.userPosts,
  )(async (req) => {
    await ctx.people.visiblePerson(req.params.id, viewer(req));
    return { data: await ctx.feed.userPosts(req.params.id, viewer(req), req.query) };
  });

  route(
    app,
    api.create,
    write,
  )(async (req) => {
    // One image more than allowed is read, so the service answers its own field error for it.
    const { fields, files } = await readForm(req, api.create, {
      fileSize: POST_LIMITS.imageMaxBytes,
      maxFiles: POST_LIMITS.maxImages + 1,
    });
    const key = optionalIdempotencyKey(req);
    const { post, status } = await ctx.posts.create(req.auth!.user, fields, files.images, { key });
    return { data: { post }, message: 'posts.created', statusCode: status };
  });

  route(app, api.show)(async (req) => ({ data: { post: await ctx.posts.get(req.params.id, viewer(req)) } }));

  route(
    app,
    api.update,
    write,
  )(async (req) => ({
    data: { post: await ctx.posts.update(req.params.id, req.auth!.user, req.body) },
    message: 'posts.updated',
  }));

  route(
    app,
    api.remove,
    write,
  )(async (req) => {
    await ctx.posts.remove(req.params.id, req.auth!.user, '', socketOf(req));
    return { data: {}, message: 'posts.deleted' };
  });

  for (const [kind, on, off] of [
    ['like', api.like, api.unlike],
    ['favourite', api.favourite, api.unfavourite],
    ['hide', api.hide, api.unhide],
  ] as const) {
    route(app, on, write)(async (req) => ({ data: { post: await ctx.posts.mark(kind, req.params.id, req.auth!.user, true) } }));
    route(app, off, write)(async (req) => ({ data: { post: await ctx.posts.mark(kind, req.params.id, req.auth!.user, false) } }));
  }

  route(app, api.comments)(async (req) => ({ data: await ctx.comments.comments(req.params.id, viewer(req), req.query) }));

  route(
    app,
    api.addComment,
    write,
  )(async (req) => {
    const key = optionalIdempotencyKey(req);
    const { comment, status } = await ctx.comments.comment(req.params.id, req.auth!.user, req.body.body, {
      socketId: socketOf(req),
      key,
    });
    return { data: { comment }, message: 'comments.created', statusCode: status };
  });

  route(
    app,
    api.deleteComment,
    write,
  )(async (req) => {
    await ctx.comments.deleteComment(req.params.id, req.auth!.user);
    return { data: {}, message: 'comments.deleted' };
  });

  route(
    app,
    api.updateComment,
    write,
  )(async (req) => ({
    data: { comment: await ctx.comments.setCommentLang(req.params.id, req.auth!.user, req.body.lang) },
    message: 'comments.updated',
  }));

  route(
    app,
    api.report,
    write,
  )(async (req) => {
    await ctx.reports.report(req.params.id, req.auth!.user, req.body.reason);
    return { data: {}, message: 'posts.reported' };
  });

  route(app, api.reports)(async (req) => ({ data: await ctx.reports.queue(req.params.id, req.auth!.user, req.query) }));

  route(
    app,
    api.resolveReport,
    write,
  )(async (req) => {
    await ctx.reports.resolve(req.params.id, req.auth!.user, req.body.action, req.body.note);
    return { data: {}, message: 'reports.resolved' };
  });

  route(
    app,
    api.moderationLog,
  )(async (req) => ({ data: { items: await ctx.reports.log(req.params.id, req.auth!.user), next_cursor: null } }));

  route(app, api.favourites)(async (req) => ({ data: await ctx.feed.marked('favourite', req.auth!.user, req.query) }));
  route(app, api.hidden)(async (req) => ({ data: await ctx.feed.marked('hide', req.auth!.user, req.query) }));
}
