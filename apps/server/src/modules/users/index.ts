/**
 * The users module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
// The users row widens `req.auth.user` (declaration merging): whoever imports this entry gets it.
import type {} from './request-user.js';
export { createUsersModule } from './users.module.js';
export type { UserViews } from './users.service.js';
export type { UserAccounts } from './users.ports.js';
export { isUniqueViolation, type NewUserRow, type UserRow } from './users.repo.js';
export { usersRoutes, type UsersRoutesDeps } from './users.routes.js';
export { createUsersPersonalData } from './personal-data.js';
