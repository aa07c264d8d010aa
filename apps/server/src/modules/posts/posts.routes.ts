import {
  CommentBodySchema,
  type ExplorePage,
  CreatePostFieldsSchema,
  ExploreQuerySchema,
  IdParamsSchema,
  PageQuerySchema,
  POST_LIMITS,
  ReportBodySchema,
  ReportListQuerySchema,
  ResolveReportBodySchema,
  TribeRefParamsSchema,
  UpdatePostBodySchema,
} from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { fieldError } from '#src/core/errors.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { parseOrThrow } from '#src/core/validation.js';

/** The sender's socket (Echo's X-Socket-Id), so a realtime event does not echo back to it. */
const socketOf = (req: FastifyRequest) => {
  const id = req.headers['x-socket-id'];
  return typeof id === 'string' && /^\d+\.\d+$/.test(id) ? id : undefined;
};

/** Reads a multipart post: text fields through the shared schema, up to 4 files named "images". */
async function readPostForm(req: FastifyRequest) {
  if (!req.isMultipart()) {
    // A JSON post without images is welcome too.
    return { fields: parseOrThrow(CreatePostFieldsSchema, req.body ?? {}), files: [] as Buffer[] };
  }
  const fields: Record<string, unknown> = {};
  const alt: string[] = [];
  const files: Buffer[] = [];
  for await (const part of req.parts({ limits: { files: POST_LIMITS.maxImages + 1, fileSize: POST_LIMITS.imageMaxBytes } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'images' && part.fieldname !== 'images[]') {
        await part.toBuffer();
        throw fieldError(part.fieldname, 'validation.unknown_field');
      }
      files.push(await part.toBuffer());
    } else if (part.fieldname === 'alt' || part.fieldname === 'alt[]') {
      alt.push(String(part.value));
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields: parseOrThrow(CreatePostFieldsSchema, { ...fields, ...(alt.length ? { alt } : {}) }), files };
}

/** Posts, the feed, explore, reactions, comments and reports (DESIGN section 5, "Posts and people"). */
export async function postsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['posts'];
  const open = { onRequest: [app.identify] };
  const guarded = { onRequest: [app.authenticate] };
  const write = { ...guarded, config: limit(app, LIMITS.write) };
  const viewer = (req: FastifyRequest) => req.auth?.user ?? null;

  r.get('/v1/feed', { ...guarded, schema: { tags, querystring: PageQuerySchema } }, async (req, reply) =>
    success(req, reply, await ctx.posts.feed(req.auth!.user, req.query)),
  );
  r.get('/v1/explore', { ...open, schema: { tags, querystring: ExploreQuerySchema } }, async (req, reply) => {
    const q = req.query.q?.trim();
    const [posts, tribes, people] = await Promise.all([
      ctx.posts.explore(viewer(req), req.query),
      q && !req.query.cursor ? ctx.tribes.list(viewer(req), { q, limit: 5 }) : Promise.resolve(null),
      q && !req.query.cursor ? ctx.people.search(q, viewer(req)) : Promise.resolve(null),
    ]);
    const page: ExplorePage = { ...posts, tribes: tribes?.items ?? [], people: people ?? [] };
    return success(req, reply, page);
  });
  r.get(
    '/v1/tribes/:id/posts',
    { ...open, schema: { tags, params: TribeRefParamsSchema, querystring: PageQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.posts.tribePosts(req.params.id, viewer(req), req.query)),
  );
  r.get(
    '/v1/users/:id/posts',
    { ...open, schema: { tags, params: IdParamsSchema, querystring: PageQuerySchema } },
    async (req, reply) => {
      await ctx.people.visiblePerson(req.params.id, viewer(req));
      return success(req, reply, await ctx.posts.userPosts(req.params.id, viewer(req), req.query));
    },
  );

  r.post(
    '/v1/posts',
    { ...write, schema: { tags, consumes: ['multipart/form-data', 'application/json'] } },
    async (req, reply) => {
      const { fields, files } = await readPostForm(req);
      return success(
        req,
        reply,
        { post: await ctx.posts.create(req.auth!.user, fields, files) },
        'posts.created',
        undefined,
        201,
      );
    },
  );
  r.get('/v1/posts/:id', { ...open, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { post: await ctx.posts.get(req.params.id, viewer(req)) }),
  );
  r.patch(
    '/v1/posts/:id',
    { ...write, schema: { tags, params: IdParamsSchema, body: UpdatePostBodySchema } },
    async (req, reply) =>
      success(req, reply, { post: await ctx.posts.update(req.params.id, req.auth!.user, req.body.body) }, 'posts.updated'),
  );
  r.delete('/v1/posts/:id', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await ctx.posts.remove(req.params.id, req.auth!.user, '', socketOf(req));
    return success(req, reply, {}, 'posts.deleted');
  });

  for (const kind of ['like', 'favourite', 'hide'] as const) {
    r.post(`/v1/posts/:id/${kind}`, { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
      success(req, reply, { post: await ctx.posts.mark(kind, req.params.id, req.auth!.user, true) }),
    );
    r.delete(`/v1/posts/:id/${kind}`, { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
      success(req, reply, { post: await ctx.posts.mark(kind, req.params.id, req.auth!.user, false) }),
    );
  }

  r.get(
    '/v1/posts/:id/comments',
    { ...open, schema: { tags, params: IdParamsSchema, querystring: PageQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.posts.comments(req.params.id, viewer(req), req.query)),
  );
  r.post(
    '/v1/posts/:id/comments',
    { ...write, schema: { tags, params: IdParamsSchema, body: CommentBodySchema } },
    async (req, reply) =>
      success(
        req,
        reply,
        { comment: await ctx.posts.comment(req.params.id, req.auth!.user, req.body.body, socketOf(req)) },
        'comments.created',
        undefined,
        201,
      ),
  );
  r.delete('/v1/comments/:id', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await ctx.posts.deleteComment(req.params.id, req.auth!.user);
    return success(req, reply, {}, 'comments.deleted');
  });

  r.post(
    '/v1/posts/:id/report',
    { ...write, schema: { tags, params: IdParamsSchema, body: ReportBodySchema } },
    async (req, reply) => {
      await ctx.reports.report(req.params.id, req.auth!.user, req.body.reason);
      return success(req, reply, {}, 'posts.reported', undefined, 201);
    },
  );
  r.get(
    '/v1/tribes/:id/reports',
    { ...guarded, schema: { tags, params: TribeRefParamsSchema, querystring: ReportListQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.reports.queue(req.params.id, req.auth!.user, req.query)),
  );
  r.post(
    '/v1/reports/:id/resolve',
    { ...write, schema: { tags, params: IdParamsSchema, body: ResolveReportBodySchema } },
    async (req, reply) => {
      await ctx.reports.resolve(req.params.id, req.auth!.user, req.body.action, req.body.note);
      return success(req, reply, {}, 'reports.resolved');
    },
  );
  r.get('/v1/tribes/:id/moderation_log', { ...guarded, schema: { tags, params: TribeRefParamsSchema } }, async (req, reply) =>
    success(req, reply, { items: await ctx.reports.log(req.params.id, req.auth!.user), next_cursor: null }),
  );

  r.get('/v1/me/favourite_posts', { ...guarded, schema: { tags, querystring: PageQuerySchema } }, async (req, reply) =>
    success(req, reply, await ctx.posts.marked('favourite', req.auth!.user, req.query)),
  );
  r.get('/v1/me/hidden_posts', { ...guarded, schema: { tags, querystring: PageQuerySchema } }, async (req, reply) =>
    success(req, reply, await ctx.posts.marked('hide', req.auth!.user, req.query)),
  );
}
