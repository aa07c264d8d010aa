import type { Conversation, Message, ReadMarker } from './schemas/messages.js';
import type { Donation } from './schemas/money.js';
import type { AppNotification } from './schemas/notifications.js';
import type { Comment, Post } from './schemas/posts.js';

/**
 * Every server-sent realtime event and its payload: the server emits only these names, and the
 * web app listens with the same types. Payloads are the REST presenters.
 */
export interface RealtimeEvents {
  'post.created': { post: Post };
  'post.deleted': { post_id: string; tribe_id: string | null };
  'comment.created': { comment: Comment; comment_count: number };
  'notification.created': { notification: AppNotification; unread_count: number };
  'donation.received': { donation: Donation };
  'campaign.updated': { campaign_id: string; raised: number; donor_count: number };
  /** On `private-user.{id}` of each member (DESIGN 11.4); never to someone across a block with the sender. */
  'message.created': { message: Message; unread_count: number };
  /** An edit or a deletion for everyone (then `message.deleted` is true, body and attachments empty). */
  'message.updated': { message: Message };
  /** A member read up to a message; sent only when both the reader and the receiver have read_receipts on. */
  'message.read': { read: ReadMarker };
  /** A conversation changed for me: started, a request accepted, members left, muted, my unread count. */
  'conversation.updated': { conversation: Conversation };
}

/** Client events (Echo's whisper) with their payloads: `client-typing` on `private-conversation.{id}`. */
export interface RealtimeClientEvents {
  'client-typing': { user_id: string; name: string; typing: boolean };
}
export type RealtimeClientEventName = keyof RealtimeClientEvents;
export type RealtimeEventName = keyof RealtimeEvents;

/** Channel names (Laravel conventions, as the specification's Echo client expects). */
export const CHANNELS = {
  user: (id: string) => `private-App.Models.User.${id}`,
  tribe: (id: string) => `private-tribe.${id}`,
  tribePresence: (id: string) => `presence-tribe.${id}`,
  campaign: (id: string) => `campaign.${id}`,
  /** A member's own messages channel (DESIGN 11.4): message.*, conversation.updated. */
  privateUser: (id: string) => `private-user.${id}`,
  /** Typing in a conversation (client events between its active members). */
  conversation: (id: string) => `private-conversation.${id}`,
} as const;

/** The same names as Echo's private()/join() take them, without the prefix. */
export const ECHO_CHANNELS = {
  user: (id: string) => `App.Models.User.${id}`,
  tribe: (id: string) => `tribe.${id}`,
  privateUser: (id: string) => `user.${id}`,
  conversation: (id: string) => `conversation.${id}`,
} as const;

/** Protocol constants shared by the server and the client. */
export const REALTIME = {
  protocol: 7,
  activityTimeoutSeconds: 30,
  maxMessageBytes: 10 * 1024,
  /** Client events (whispers) one socket may send per second; more get pusher:error 4301 and are dropped. */
  clientEventsPerSecond: 10,
  /** Channels one socket may be subscribed to at once; more get pusher:error 4300. */
  maxChannelsPerConnection: 100,
} as const;
