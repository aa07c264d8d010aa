/**
 * The digest module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createDigestModule } from './digest.module.js';
export { localWeek } from './digest.service.js';
export { digestRoutes, type DigestRoutesDeps } from './digest.routes.js';
