import type { AttemptBody, RsvpBody } from '@tribes/shared';

/** A photo waiting in the outbox: already downscaled in the browser, kept as a Blob. */
export interface OutboxPhoto {
  blob: Blob;
  name: string;
  alt: string;
}

/** What a member did offline, by kind: exactly what the API call will send. */
export type OutboxWrite =
  | {
      kind: 'post';
      body: string;
      tribe_id?: string;
      visibility: 'public' | 'tribe';
      photos: OutboxPhoto[];
    }
  | { kind: 'comment'; post_id: string; body: string }
  /** A text message (DESIGN 11.4), shown as pending in its thread until sent. */
  | { kind: 'message'; conversation_id: string; body: string }
  | { kind: 'like'; post_id: string; on: boolean }
  | { kind: 'lesson_complete'; lesson_id: string; title: string }
  | { kind: 'attempt'; assessment_id: string; title: string; body: AttemptBody }
  | { kind: 'rsvp'; event_id: string; title: string; body: RsvpBody };

export type OutboxKind = OutboxWrite['kind'];

/**
 * A write waiting to be sent: its id is also its Idempotency-Key, so a send that reached the server
 * before the connection dropped is answered, not repeated, when sent again.
 */
export type OutboxItem = OutboxWrite & {
  id: string;
  /** Whose it is: only its author's session sends or shows it. */
  user_id: string;
  created_at: string;
  /** pending: waits for the network; failed: the server refused it (error says why), to edit or cancel. */
  status: 'pending' | 'failed';
  error: string | null;
  /** How many sends were tried (a body edited after one keeps its key only if none reached the network). */
  attempts: number;
};
