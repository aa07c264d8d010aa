/**
 * The identity module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createIdentityModule } from './identity.module.js';
export type { IdentityLinks } from './identity.ports.js';
export type { NewIdentityRow } from './identity.repo.js';
export { identityRoutes, type IdentityRoutesDeps } from './identity.routes.js';
