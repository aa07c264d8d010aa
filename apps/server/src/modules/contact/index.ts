/**
 * The contact module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createContactModule } from './contact.module.js';
export { contactRoutes, type ContactRoutesDeps } from './contact.routes.js';
export type { ContactService } from './contact.service.js';
