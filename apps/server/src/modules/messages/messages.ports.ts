import type { ContentSnapshot } from '@tribes/shared';
import type { UserRow } from '../users/index.js';

/**
 * Where a reported message goes: the moderation module's reports to the operators (DESIGN 11.4). Declared
 * here and bound by the composition, so messages never imports moderation; operators see the snapshot
 * only, never the conversation.
 */
export interface MessageReports {
  reportMessage(user: UserRow, snapshot: ContentSnapshot, reason: string): Promise<void>;
}

/** Who may join a conversation's private channel (the realtime channel check asks this). */
export interface ConversationChannels {
  isMember(conversationId: string, userId: string): Promise<boolean>;
}
