/**
 * The notifications module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createNotificationsModule } from './notifications.module.js';
export { appUrl, type NotificationsService, type PushPayload, type PushSender } from './notifications.service.js';
export { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from './unsubscribe.js';
export { notificationsRoutes, unsubscribeOneClickRoutes, type NotificationsRoutesDeps } from './notifications.routes.js';
