/**
 * The reauth module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createReauthModule } from './reauth.module.js';
export { reauthRoutes, type ReauthRoutesDeps } from './reauth.routes.js';
