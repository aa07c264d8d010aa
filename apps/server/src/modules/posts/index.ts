/**
 * The posts module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createPostsModule } from './posts.module.js';
export { postsRoutes, type PostsRoutesDeps } from './posts.routes.js';
export { createPostsPersonalData } from './personal-data.repo.js';
export type { ContentModeration } from './content-moderation.js';
