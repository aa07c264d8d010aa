/**
 * The account-email module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createAccountEmailService, maskEmail } from './account-email.service.js';
export { accountEmailRoutes, type AccountEmailRoutesDeps } from './account-email.routes.js';
