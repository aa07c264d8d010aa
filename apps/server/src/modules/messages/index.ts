/**
 * The messages module's public surface: the composition, the app and tests outside this folder import
 * only this file. What is not exported here is internal.
 */
export { createMessagesModule, UNREAD_MESSAGES_QUEUE } from './messages.module.js';
export type { ConversationChannels, MessageReports } from './messages.ports.js';
export type { ConversationsService } from './conversations.service.js';
export type { MessagesService } from './messages.service.js';
export { messagesRoutes, type MessagesRoutesDeps } from './messages.routes.js';
