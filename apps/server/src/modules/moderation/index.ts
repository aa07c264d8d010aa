/**
 * The moderation module's public surface: the composition, the app and tests outside this folder import
 * only this file (issue 38.2). What is not exported here is internal.
 */
export { createModerationModule } from './moderation.module.js';
export type { ActingOperator, ModerationService } from './moderation.service.js';
export { moderationRoutes, type ModerationRoutesDeps } from './moderation.routes.js';
