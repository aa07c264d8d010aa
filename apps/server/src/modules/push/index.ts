/**
 * The push module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createPushModule } from './push.module.js';
export { pushRoutes, type PushRoutesDeps } from './push.routes.js';
