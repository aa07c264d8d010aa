/**
 * The system module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { DEMO_EMAIL_DOMAIN, createSiteRisks } from './site-risks.js';
export { createDatabaseProbe, type DatabaseProbe } from './database-probe.js';
export { systemRoutes, type NodeState, type SystemRoutesDeps } from './system.routes.js';
export { publicConfigOf } from './public-config.js';
