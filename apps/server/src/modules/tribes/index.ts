/**
 * The tribes module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { canModerate, isActive, isBanned, isLeader, refuseBanned } from './tribe-roles.js';
export { createTribesModule } from './tribes.module.js';
export type { TribeReads } from './tribes.ports.js';
export type { TribeRow } from './tribes.repo.js';
export type { TribesService } from './tribes.service.js';
export { tribesRoutes, type TribesRoutesDeps } from './tribes.routes.js';
