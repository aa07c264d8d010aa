import {
  CHANNELS,
  MESSAGE_ERRORS as E,
  type Conversation,
  type ConversationPageSchema,
  type CreateConversationBody,
  type ReadMarker,
} from '@tribes/shared';
import type { z } from 'zod';
import type { Clock } from '#src/core/clock.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { Transact } from '#src/core/db/transaction.js';
import { conflict, fieldError, HttpError, notFound } from '#src/core/errors.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { UserRow } from '../users/index.js';
import { readReceiptsOn, type ConversationViews } from './conversation-views.js';
import type { MessagesRepo } from './messages.repo.js';

interface Deps {
  repo: MessagesRepo;
  views: ConversationViews;
  transact: Transact;
  clock: Clock;
  blocks: BlockSource;
  realtime: Pick<Realtime, 'emit'>;
}

const DAY_MS = 24 * 3600 * 1000;
const forbiddenAs = (errorType: string, key: 'messages.blocked' | 'messages.account_too_new' | 'messages.request_pending') =>
  new HttpError(403, key, {}, undefined, {}, errorType);

/**
 * Conversations (DESIGN 11.4): starting one (a pair's direct conversation is found again), the list
 * with unread counts, requests accepted or declined, leaving, muting, and read markers.
 */
export function createConversationsService({ repo, views, transact, clock, blocks, realtime }: Deps) {
  return {
    /** Starts a conversation, or answers the pair's direct one again (status 200 then, 201 for a new one). */
    async create(user: UserRow, body: CreateConversationBody): Promise<{ conversation: Conversation; status: 200 | 201 }> {
      const others = [...new Set(body.member_ids)];
      if (others.includes(user.id)) {
        throw new HttpError(422, 'messages.conversation_with_self', {}, undefined, {}, E.selfConversation);
      }
      const accounts = await repo.accounts(others);
      if (accounts.length !== others.length) throw notFound();
      const partners = new Set(await blocks.blockPartners(user.id));
      if (others.some((id) => partners.has(id))) throw forbiddenAs(E.blocked, 'messages.blocked');
      const mates = await repo.tribeMates(user.id, others);
      const now = clock.now();
      // A new account writes only to tribe-mates for its first day: a fresh sign-up cannot spam strangers.
      if (now.getTime() - user.createdAt.getTime() < DAY_MS && others.some((id) => !mates.has(id)))
        throw forbiddenAs(E.accountTooNew, 'messages.account_too_new');
      const statusOf = (id: string) => (mates.has(id) ? ('active' as const) : ('pending' as const));
      const direct = others.length === 1;
      const directKey = direct ? [user.id, others[0]!].sort().join(':') : null;

      if (directKey) {
        const found = await repo.findDirect(directKey);
        if (found) {
          await rejoin(found.id, user.id, others[0]!, statusOf(others[0]!));
          await views.announce(found.id);
          return { conversation: await views.conversation(found, user.id), status: 200 };
        }
      }
      const created = await transact((tx) =>
        repo.insertConversation(
          tx,
          {
            kind: direct ? 'direct' : 'group',
            title: direct ? null : (body.title ?? null),
            directKey,
            createdBy: user.id,
            createdAt: now,
            lastActivityAt: now,
          },
          [{ userId: user.id, status: 'active' }, ...others.map((id) => ({ userId: id, status: statusOf(id) }))],
        ),
      );
      // Two starts of one pair at once: the other made it first, so it is found again.
      const row = created ?? (directKey ? await repo.findDirect(directKey) : undefined);
      if (!row) throw notFound();
      await views.announce(row.id);
      return { conversation: await views.conversation(row, user.id), status: created ? 201 : 200 };
    },

    /** My conversations, latest activity first, and my unread total over those not muted. */
    async list(user: UserRow, q: { cursor?: string; limit: number }): Promise<z.input<typeof ConversationPageSchema>> {
      const after = readTimeCursor(q.cursor);
      const rows = await repo.listFor(user.id, after && { at: new Date(after.at), id: after.id }, q.limit + 1);
      const hidden = await blocks.blockPartners(user.id);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: await views.conversations(page, user.id, hidden),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.lastActivityAt, last.id) : null,
        unread_total: await repo.unreadTotal(user.id, hidden),
      };
    },

    async show(user: UserRow, id: string): Promise<Conversation> {
      const { conversation } = await views.membership(id, user.id);
      return views.conversation(conversation, user.id);
    },

    async accept(user: UserRow, id: string): Promise<Conversation> {
      const { conversation, me } = await views.membership(id, user.id);
      if (me.status !== 'pending') throw conflict(E.notARequest, 'messages.not_a_request');
      await repo.updateMember(id, user.id, { status: 'active' });
      await views.announce(id);
      return views.conversation(conversation, user.id);
    },

    /** Declines a request: it leaves my list, and the starter can no longer write to me in it. */
    async decline(user: UserRow, id: string): Promise<void> {
      const { me } = await views.membership(id, user.id);
      if (me.status !== 'pending') throw conflict(E.notARequest, 'messages.not_a_request');
      await repo.updateMember(id, user.id, { status: 'declined', noticeDueAt: null });
      await views.announce(id, [user.id]);
    },

    async leave(user: UserRow, id: string): Promise<void> {
      await views.membership(id, user.id);
      await repo.updateMember(id, user.id, { leftAt: clock.now(), noticeDueAt: null });
      await views.announce(id, [user.id]);
    },

    async mute(user: UserRow, id: string, muted: boolean): Promise<Conversation> {
      const { conversation } = await views.membership(id, user.id);
      await repo.updateMember(id, user.id, { muted, ...(muted ? { noticeDueAt: null } : {}) });
      const view = await views.conversation(conversation, user.id);
      realtime.emit(CHANNELS.privateUser(user.id), 'conversation.updated', { conversation: view });
      return view;
    },

    /**
     * Moves my read marker up to a message of the conversation (never back). Others hear of it
     * (message.read) only when both they and I have read receipts on, and nobody across a block.
     */
    async markRead(user: UserRow, id: string, upTo: string): Promise<ReadMarker> {
      const { conversation, members, me } = await views.membership(id, user.id);
      const message = await repo.findMessage(upTo);
      if (!message || message.conversationId !== id) throw fieldError('up_to', 'validation.invalid');
      const now = clock.now();
      const moved = await repo.markRead(id, user.id, message, now);
      const view = await views.conversation(conversation, user.id);
      const marker: ReadMarker = {
        conversation_id: id,
        user_id: user.id,
        up_to: moved ? message.id : (me.lastReadMessageId ?? message.id),
        unread_count: view.unread_count,
        read_at: (moved ? now : (me.lastReadAt ?? now)).toISOString(),
      };
      if (moved) {
        realtime.emit(CHANNELS.privateUser(user.id), 'conversation.updated', { conversation: view });
        if (readReceiptsOn(me)) {
          const partners = new Set(await blocks.blockPartners(user.id));
          for (const m of members) {
            if (m.userId === user.id || partners.has(m.userId) || !readReceiptsOn(m)) continue;
            realtime.emit(CHANNELS.privateUser(m.userId), 'message.read', { read: { ...marker, unread_count: 0 } });
          }
        }
      }
      return marker;
    },
  };

  /** Finding a direct conversation again brings back who had left it (not who declined it). */
  async function rejoin(conversationId: string, userId: string, otherId: string, otherStatus: 'active' | 'pending') {
    const [mine, theirs] = await Promise.all([repo.member(conversationId, userId), repo.member(conversationId, otherId)]);
    if (mine && (mine.leftAt || mine.status === 'declined'))
      await repo.updateMember(conversationId, userId, { leftAt: null, status: 'active' });
    if (theirs?.leftAt && theirs.status !== 'declined')
      await repo.updateMember(conversationId, otherId, { leftAt: null, status: otherStatus });
  }
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
