import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import { BlockedUserSchema, UserProfileSchema } from '../schemas/posts.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Other people: their profiles, as far as their privacy lets the reader see, and blocks (DESIGN
 * section 5, "Posts and people").
 *
 * A public profile is seen by everyone, a tribe profile by the people sharing an active tribe with
 * its owner, a private one by nobody else (403 people.private_profile, so the page can say so).
 * Across a block a profile answers 404 as if absent, except to the one who blocked, who sees the
 * name and photo only (blocked_by_me). Blocks and unblocks need `Authorization: Bearer` and are
 * rate limited (60 per minute per user); blocking oneself is a 400 on user_id.
 */

const tags = ['people'] as const;

export const peopleEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/v1/users/{id}',
    summary: "A person's profile as far as their privacy lets the reader see; 403 private, 404 across a block.",
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    data: z.object({ profile: UserProfileSchema }),
    errors: [403, 404],
  }),
  block: endpoint({
    method: 'POST',
    path: '/v1/users/{id}/block',
    summary: 'Blocks a person: neither sees the other any more (posts, comments, profile, live events).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 404],
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/v1/users/{id}/block',
    summary: 'Lifts my block of a person (idempotent).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401],
  }),
  blocked: endpoint({
    method: 'GET',
    path: '/v1/me/blocked_users',
    summary: 'The people I blocked, the latest first, in one page (at most 500).',
    tags,
    auth: 'user',
    data: z.object({ items: z.array(BlockedUserSchema), next_cursor: z.string().nullable() }),
    errors: [401],
  }),
} as const;
