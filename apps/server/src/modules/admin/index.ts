/**
 * The admin module's public surface: the composition, the app, scripts and tests outside this folder
 * import only this file (issue 38.2). What is not exported here is internal.
 */
export { createAdminModule } from './admin.module.js';
export type { Acting, AdminService, SiteLive } from './admin.service.js';
export type { OperatorModeration } from './admin.ports.js';
export type { OperatorCommandResult, Operators } from './operators.js';
export { adminRoutes, type AdminRoutesDeps } from './admin.routes.js';
