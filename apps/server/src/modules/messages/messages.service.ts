import { createHash } from 'node:crypto';
import {
  CHANNELS,
  MESSAGE_ERRORS as E,
  MESSAGE_LIMITS,
  type Message,
  type MessagePageSchema,
  type SendMessageBody,
} from '@tribes/shared';
import type { z } from 'zod';
import type { Clock } from '#src/core/clock.js';
import { encodeCursor, readCursor } from '#src/core/cursor.js';
import { onceIfKeyed, requestHash, type Answer } from '#src/core/db/idempotency.js';
import type { StoredAttachment } from './messages.repo.js';
import type { Transact } from '#src/core/db/transaction.js';
import { conflict, fieldError, HttpError, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UserAccounts, UserRow } from '../users/index.js';
import { removeAttachments, storePhoto, storeVoice } from './attachments.js';
import { readReceiptsOn, type ConversationViews } from './conversation-views.js';
import type { MessageReports } from './messages.ports.js';
import type { MessagesRepo } from './messages.repo.js';

interface Deps {
  repo: MessagesRepo;
  views: ConversationViews;
  transact: Transact;
  clock: Clock;
  storage: Storage;
  blocks: BlockSource;
  realtime: Pick<Realtime, 'emit'>;
  notifications: Pick<NotificationsService, 'notify'>;
  users: Pick<UserAccounts, 'findById'>;
  reports: MessageReports;
}

const MINUTE_MS = 60_000;
const forbiddenAs = (errorType: string, key: 'messages.blocked' | 'messages.request_pending' | 'messages.not_author') =>
  new HttpError(403, key, {}, undefined, {}, errorType);

/** The files a send carries: at most one photo or one voice note. */
export interface SendFiles {
  photo: Buffer[];
  voice: Buffer[];
}

/**
 * Messages (DESIGN 11.4): reading a thread, sending (text, one photo or one voice note, exactly once
 * per Idempotency-Key), editing within 15 minutes, deleting for everyone (a tombstone stays),
 * reporting to the operators, and the mail and push of messages still unread after 10 minutes.
 */
export function createMessagesService(deps: Deps) {
  const { repo, views, transact, clock, storage, blocks, realtime, notifications, users, reports } = deps;

  /** A message of a conversation the reader is still in; 404 otherwise. */
  async function reachable(id: string, userId: string) {
    const message = await repo.findMessage(id);
    if (!message) throw notFound();
    const { members } = await views.membership(message.conversationId, userId);
    const partners = await blocks.blockPartners(userId);
    if (partners.includes(message.senderId)) throw notFound();
    return { message, members };
  }

  /** Tells every member still in the conversation, but those across a block with the sender. */
  async function fanOut(
    conversationId: string,
    senderId: string,
    event: 'message.created' | 'message.updated',
    message: Message,
  ) {
    const members = await repo.members([conversationId]);
    const partners = new Set(await blocks.blockPartners(senderId));
    const unread = event === 'message.created' ? await repo.unreadByMember(conversationId) : undefined;
    for (const m of members) {
      if (partners.has(m.userId)) continue;
      if (unread)
        realtime.emit(CHANNELS.privateUser(m.userId), 'message.created', { message, unread_count: unread.get(m.userId) ?? 0 });
      else realtime.emit(CHANNELS.privateUser(m.userId), 'message.updated', { message });
    }
  }

  return {
    /** A thread, newest first; the others' read markers when my read receipts and theirs are on. */
    async list(
      user: UserRow,
      id: string,
      q: { before?: string; cursor?: string; limit: number },
    ): Promise<z.input<typeof MessagePageSchema>> {
      const { members, me } = await views.membership(id, user.id);
      const after = readCursor(q.cursor, { seq: 'int' });
      let beforeSeq = after ? Number(after.seq) : undefined;
      if (q.before && beforeSeq === undefined) {
        const anchor = await repo.findMessage(q.before);
        if (!anchor || anchor.conversationId !== id) throw fieldError('before', 'validation.invalid');
        beforeSeq = anchor.seq;
      }
      const hidden = await blocks.blockPartners(user.id);
      const rows = await repo.listMessages(id, beforeSeq, q.limit + 1, hidden);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      const markers: Record<string, string> = {};
      if (readReceiptsOn(me)) {
        for (const m of members) {
          if (m.userId !== user.id && m.lastReadMessageId && readReceiptsOn(m) && !hidden.includes(m.userId))
            markers[m.userId] = m.lastReadMessageId;
        }
      }
      return {
        items: await views.messages(page, members),
        next_cursor: rows.length > q.limit && last ? encodeCursor({ seq: String(last.seq) }) : null,
        read_markers: markers,
      };
    },

    /**
     * Sends a message. Refused: a member who has not accepted (403 request_pending), a direct
     * conversation the other declined (403 request_pending) or across a block (403 blocked). In a
     * group, people across a block with the sender get nothing of it. With a key, a retry is stored once.
     */
    async send(
      user: UserRow,
      id: string,
      fields: SendMessageBody,
      files: SendFiles,
      opts: { key?: string } = {},
    ): Promise<{ message: Message; status: number }> {
      const { conversation, me } = await views.membership(id, user.id);
      if (me.status === 'pending') throw forbiddenAs(E.requestPending, 'messages.request_pending');
      const partners = new Set(await blocks.blockPartners(user.id));
      if (conversation.kind === 'direct') {
        const [a, b] = conversation.directKey!.split(':');
        const otherId = a === user.id ? b! : a!;
        if (partners.has(otherId)) throw forbiddenAs(E.blocked, 'messages.blocked');
        const other = await repo.member(id, otherId);
        if (!other || other.status === 'declined') throw forbiddenAs(E.requestPending, 'messages.request_pending');
      }
      if (files.photo.length + files.voice.length > 1)
        throw fieldError(files.photo.length ? 'photo' : 'voice', 'messages.one_file');
      if (!fields.body && files.photo.length + files.voice.length === 0) throw fieldError('body', 'messages.empty');
      const stored: StoredAttachment[] = [];
      const now = clock.now();
      let answer: Answer<{ message_id: string }>;
      try {
        if (files.photo[0]) stored.push(await storePhoto(storage, files.photo[0]));
        if (files.voice[0]) stored.push(await storeVoice(storage, files.voice[0], fields));
        answer = await transact((tx) =>
          onceIfKeyed(
            tx,
            {
              userId: user.id,
              key: opts.key,
              hash: () =>
                requestHash(`message:${id}`, {
                  fields,
                  files: [...files.photo, ...files.voice].map((f) => createHash('sha256').update(f).digest('hex')),
                }),
              now,
              status: 201,
            },
            async () => {
              const row = await repo.insertMessage(tx, {
                conversationId: id,
                senderId: user.id,
                body: fields.body,
                attachments: stored,
                createdAt: now,
              });
              await repo.scheduleNotices(
                tx,
                id,
                user.id,
                new Date(now.getTime() + MESSAGE_LIMITS.unreadNoticeMinutes * MINUTE_MS),
              );
              return { message_id: row.id };
            },
          ),
        );
      } catch (err) {
        await removeAttachments(storage, stored);
        throw err;
      }
      if (answer.replayed) await removeAttachments(storage, stored);
      const row = await repo.findMessage(answer.body.message_id);
      if (!row) throw notFound();
      const [message] = await views.messages([row], [me]);
      // After the commit: each member's own channel, never across a block with the sender.
      if (!answer.replayed) await fanOut(id, user.id, 'message.created', message!);
      return { message: message!, status: answer.status };
    },

    /** The author edits the text within 15 minutes (403 for anyone else, 409 after the window or once deleted). */
    async edit(user: UserRow, id: string, body: string): Promise<Message> {
      const { message, members } = await reachable(id, user.id);
      if (message.senderId !== user.id) throw forbiddenAs(E.notAuthor, 'messages.not_author');
      if (message.deletedAt) throw conflict(E.messageDeleted, 'messages.message_deleted');
      const now = clock.now();
      if (now.getTime() - message.createdAt.getTime() > MESSAGE_LIMITS.editWindowMinutes * MINUTE_MS)
        throw conflict(E.editWindowClosed, 'messages.edit_window_closed');
      const row = await repo.updateMessage(id, { body, editedAt: now });
      const [view] = await views.messages([row], members);
      await fanOut(row.conversationId, user.id, 'message.updated', view!);
      return view!;
    },

    /** The author deletes for everyone: text and files gone, the row stays as a tombstone. A second delete changes nothing. */
    async remove(user: UserRow, id: string): Promise<Message> {
      const { message, members } = await reachable(id, user.id);
      if (message.senderId !== user.id) throw forbiddenAs(E.notAuthor, 'messages.not_author');
      if (message.deletedAt) return (await views.messages([message], members))[0]!;
      const row = await repo.updateMessage(id, { body: '', attachments: [], deletedAt: clock.now() });
      await removeAttachments(storage, message.attachments);
      const [view] = await views.messages([row], members);
      await fanOut(row.conversationId, user.id, 'message.updated', view!);
      return view!;
    },

    /** A member reports a message to the operators, who get a snapshot of it and never the conversation. */
    async report(user: UserRow, id: string, reason: string): Promise<void> {
      const { message, members } = await reachable(id, user.id);
      if (message.deletedAt) throw notFound();
      const [view] = await views.messages([message], members);
      await reports.reportMessage(
        user,
        {
          type: 'message',
          id: message.id,
          author: { id: view!.sender.id, name: view!.sender.name },
          title: null,
          text: message.body,
          image_urls: view!.attachments.filter((a) => a.kind === 'photo').map((a) => a.url),
          tribe_id: null,
          post_id: null,
          created_at: message.createdAt.toISOString(),
        },
        reason,
      );
    },

    /**
     * Mail and push for messages still unread 10 minutes after they came (one per burst, not per
     * message), by each member's `messages` switches, never for a muted conversation. Run every minute
     * by the job queue; answers how many members were told.
     */
    async sendUnreadNotices(now: Date = clock.now()): Promise<number> {
      let told = 0;
      for (const due of await repo.dueNotices(now, 500)) {
        // Taken by this call alone: a second node's sweep finds it gone.
        if (!(await repo.takeNotice(due.conversationId, due.userId, due.noticeDueAt!))) continue;
        if (due.muted || due.leftAt || due.status === 'declined') continue;
        const hidden = await blocks.blockPartners(due.userId);
        const unread = (await repo.unreadCounts(due.userId, [due.conversationId], hidden)).get(due.conversationId) ?? 0;
        if (unread === 0) continue;
        const [last] = await repo.listMessages(due.conversationId, undefined, 1, hidden);
        const conversation = await repo.findConversation(due.conversationId);
        const actor = last ? await users.findById(last.senderId) : undefined;
        if (!conversation || !actor) continue;
        await notifications.notify(
          due.userId,
          'message_unread',
          actor,
          { type: 'conversation', id: conversation.id, title: conversation.title ?? actor.name },
          { outsideApp: true },
        );
        told++;
      }
      return told;
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
