/**
 * The villages module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createVillagesModule } from './villages.module.js';
export { villagesRoutes, type VillagesRoutesDeps } from './villages.routes.js';
