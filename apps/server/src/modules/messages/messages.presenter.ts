import type { Conversation, ConversationState, Message, PersonRef } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';
import { presentAttachment } from './attachments.js';
import type { ConversationRow, MemberView, MessageRow } from './messages.repo.js';

/** Someone as a message or a conversation names them. */
export const personOf = (
  p: { userId?: string; id?: string; name: string; avatarKey: string | null },
  storage: Pick<Storage, 'url'>,
): PersonRef => ({
  id: (p.userId ?? p.id)!,
  name: p.name,
  avatar_url: p.avatarKey ? storage.url(p.avatarKey) : null,
});

/** A message row as the API presents it; a deleted one as a tombstone (no text, no files). */
export function presentMessage(row: MessageRow, sender: PersonRef, storage: Pick<Storage, 'url'>): Message {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender,
    body: deleted ? '' : row.body,
    attachments: deleted ? [] : row.attachments.map((a) => presentAttachment(a, storage)),
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted,
  };
}

/** My side of a conversation: a request to me, a request of mine still pending, or active. */
export function stateOf(row: ConversationRow, me: MemberView, members: MemberView[]): ConversationState {
  if (me.status === 'pending') return 'request_pending';
  if (row.kind === 'direct' && members.some((m) => m.userId !== me.userId && m.status === 'pending')) return 'request_sent';
  return 'active';
}

/** A conversation as one member sees it. */
export function presentConversation(
  row: ConversationRow,
  me: MemberView,
  members: MemberView[],
  extra: { unread: number; last: Message | null },
  storage: Pick<Storage, 'url'>,
): Conversation {
  return {
    id: row.id,
    kind: row.kind as Conversation['kind'],
    members: members.map((m) => personOf(m, storage)),
    title: row.title,
    unread_count: extra.unread,
    last_message: extra.last,
    state: stateOf(row, me, members),
    muted: me.muted,
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.lastActivityAt.toISOString(),
  };
}
