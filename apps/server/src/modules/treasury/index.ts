/**
 * The treasury module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { RUN_PLEDGES_QUEUE } from './pledges.service.js';
export { createTreasuryModule } from './treasury.module.js';
export { treasuryRoutes, type TreasuryRoutesDeps } from './treasury.routes.js';
