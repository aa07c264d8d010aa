import { CHANNELS, readNotificationSettings, type Conversation, type Message, type PersonRef } from '@tribes/shared';
import { notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { ConversationRow, MemberView, MessageRow, MessagesRepo } from './messages.repo.js';
import { personOf, presentConversation, presentMessage } from './messages.presenter.js';

export interface ViewDeps {
  repo: MessagesRepo;
  storage: Pick<Storage, 'url'>;
  realtime: Pick<Realtime, 'emit'>;
  blocks: BlockSource;
}

/** A member's read_receipts setting (DESIGN 11.4): off, their markers are neither sent nor seen. */
export const readReceiptsOn = (m: { settings: unknown }) => readNotificationSettings(m.settings).read_receipts;

/**
 * What the two services of the module share: who is in a conversation, conversations and messages
 * presented for one reader, and the `conversation.updated` fan-out to each member's own channel.
 */
export function createConversationViews({ repo, storage, realtime, blocks }: ViewDeps) {
  /** Names of the senders of some messages (members or people who left). */
  async function senders(rows: MessageRow[], known: MemberView[]): Promise<Map<string, PersonRef>> {
    const map = new Map<string, PersonRef>(known.map((m) => [m.userId, personOf(m, storage)]));
    const missing = [...new Set(rows.map((r) => r.senderId).filter((id) => !map.has(id)))];
    for (const a of await repo.accounts(missing)) map.set(a.id, personOf(a, storage));
    return map;
  }

  const views = {
    /** The reader's membership of a conversation they are still in; 404 otherwise (a stranger learns nothing). */
    async membership(
      conversationId: string,
      userId: string,
    ): Promise<{ conversation: ConversationRow; members: MemberView[]; me: MemberView }> {
      const conversation = await repo.findConversation(conversationId);
      if (!conversation) throw notFound();
      const members = await repo.members([conversationId]);
      const me = members.find((m) => m.userId === userId);
      if (!me) throw notFound();
      return { conversation, members, me };
    },

    /** Messages presented, with their senders' names. */
    async messages(rows: MessageRow[], known: MemberView[]): Promise<Message[]> {
      const names = await senders(rows, known);
      return rows.map((r) => presentMessage(r, names.get(r.senderId) ?? { id: r.senderId, name: '', avatar_url: null }, storage));
    },

    /** Conversations as one reader sees them: members, unread count and last message (leaving out people across a block). */
    async conversations(rows: ConversationRow[], userId: string, hidden: string[]): Promise<Conversation[]> {
      const ids = rows.map((r) => r.id);
      const [members, unread, last] = await Promise.all([
        repo.members(ids),
        repo.unreadCounts(userId, ids, hidden),
        repo.lastMessages(ids, hidden),
      ]);
      const lastViews = new Map((await views.messages([...last.values()], members)).map((m) => [m.conversation_id, m] as const));
      return rows.flatMap((row) => {
        const own = members.filter((m) => m.conversationId === row.id);
        const me = own.find((m) => m.userId === userId);
        if (!me) return [];
        return [
          presentConversation(row, me, own, { unread: unread.get(row.id) ?? 0, last: lastViews.get(row.id) ?? null }, storage),
        ];
      });
    },

    async conversation(row: ConversationRow, userId: string): Promise<Conversation> {
      const [view] = await views.conversations([row], userId, await blocks.blockPartners(userId));
      if (!view) throw notFound();
      return view;
    },

    /** Tells each member still in it (after the commit) how the conversation now looks to them. */
    async announce(conversationId: string, extra: readonly string[] = []): Promise<void> {
      const row = await repo.findConversation(conversationId);
      if (!row) return;
      const members = await repo.members([conversationId]);
      for (const m of members) {
        realtime.emit(CHANNELS.privateUser(m.userId), 'conversation.updated', {
          conversation: await views.conversation(row, m.userId),
        });
      }
      // Those who just left or declined hear it too, so their other tabs drop it.
      for (const id of extra) {
        if (members.some((m) => m.userId === id)) continue;
        const me = { conversationId, userId: id, status: 'declined', muted: false } as MemberView;
        realtime.emit(CHANNELS.privateUser(id), 'conversation.updated', {
          conversation: { ...presentConversation(row, me, members, { unread: 0, last: null }, storage), members: [] },
        });
      }
    },
  };
  return views;
}

export type ConversationViews = ReturnType<typeof createConversationViews>;
