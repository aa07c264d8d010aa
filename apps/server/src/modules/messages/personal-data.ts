import type { MessagesRepo } from './messages.repo.js';

/**
 * What the messages module holds of one member, for their data export (DESIGN 11.2): the messages
 * they sent, with their photos and voice notes (a deleted message is a tombstone, its files gone).
 * Others' messages to them are others' data and stay out.
 */
export function createMessagesPersonalData(repo: Pick<MessagesRepo, 'sentBy'>) {
  return {
    async collect(userId: string) {
      const mine = await repo.sentBy(userId);
      return {
        sections: {
          messages: mine.map((m) => ({
            id: m.id,
            conversation_id: m.conversationId,
            body: m.body,
            created_at: m.createdAt.toISOString(),
            edited_at: m.editedAt?.toISOString() ?? null,
            deleted_at: m.deletedAt?.toISOString() ?? null,
            attachments: m.attachments.map((a) => ({
              kind: a.kind,
              file: `media/${a.key}`,
              mime: a.mime,
              ...(a.duration_ms !== undefined ? { duration_ms: a.duration_ms } : {}),
            })),
          })),
        },
        media: mine.flatMap((m) => m.attachments.map((a) => a.key)),
      };
    },
  };
}
