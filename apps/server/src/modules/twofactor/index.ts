/**
 * The twofactor module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createTwoFactorModule } from './twofactor.module.js';
export type { TwoFactorService } from './twofactor.service.js';
export { twoFactorRoutes, type TwofactorRoutesDeps } from './twofactor.routes.js';
