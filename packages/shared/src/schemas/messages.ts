import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { PersonRefSchema, UuidSchema } from './common.js';
import { ATTACHMENT_KINDS, CONVERSATION_KINDS, CONVERSATION_STATES, MESSAGE_LIMITS } from '../rules/messages.js';

export * from '../rules/messages.js';

/** A photo or a voice note on a message; a photo has its size, a voice note its length and waveform. */
export const MessageAttachmentSchema = z.object({
  kind: z.enum(ATTACHMENT_KINDS),
  /** A signed, expiring link (the file is private to the conversation's members). */
  url: z.string(),
  mime: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  duration_ms: z.number().int().optional(),
  /** Up to 64 bars, each 0-255, for drawing the note. */
  waveform: z.array(z.number().int().min(0).max(255)).optional(),
});
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

/** A message as the API presents it; a deleted one is a tombstone: `deleted`, empty body, no attachments. */
export const MessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender: PersonRefSchema,
  body: z.string(),
  attachments: z.array(MessageAttachmentSchema),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;

/** A conversation as one of its members sees it. */
export const ConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  /** Every current member, the reader included, in the order they joined. */
  members: z.array(PersonRefSchema),
  /** A group's title (null for a direct conversation or an untitled group). */
  title: z.string().nullable(),
  unread_count: z.number().int(),
  last_message: MessageSchema.nullable(),
  state: z.enum(CONVERSATION_STATES),
  muted: z.boolean(),
  created_at: z.string(),
  /** The time of the latest message (or of the start): the list's order. */
  last_activity_at: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** POST /v1/conversations: one other person for a direct conversation, up to 31 for a group. */
export const CreateConversationBodySchema = z.strictObject({
  member_ids: z.array(UuidSchema).min(1).max(MESSAGE_LIMITS.maxOthers),
  title: z.string().trim().min(1).max(MESSAGE_LIMITS.titleMax).optional(),
});
export type CreateConversationBody = z.infer<typeof CreateConversationBodySchema>;

export const ConversationListQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

/** GET /v1/conversations/{id}/messages: newest first; `before` a message id to read older ones. */
export const MessageListQuerySchema = z.strictObject({
  before: UuidSchema.optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

const WaveformSchema = z.array(z.number().int().min(0).max(255)).max(MESSAGE_LIMITS.waveformMax);

/**
 * POST /v1/conversations/{id}/messages: JSON `{ body }`, or multipart with `body?` and one file named
 * `photo` or `voice`; a voice note may come with the recorder's `duration_ms` (Chrome's WebM has none in
 * its header) and a `waveform` (JSON list of up to 64 numbers 0-255). Text is trimmed; a message with
 * neither text nor file is a 400 on `body`.
 */
export const SendMessageBodySchema = z.strictObject({
  body: z.string().trim().max(MESSAGE_LIMITS.bodyMax).default(''),
  duration_ms: z.number().int().min(1).max(MESSAGE_LIMITS.voiceMaxMs).optional(),
  waveform: WaveformSchema.optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const EditMessageBodySchema = z.strictObject({ body: z.string().trim().min(1).max(MESSAGE_LIMITS.bodyMax) });
export type EditMessageBody = z.infer<typeof EditMessageBodySchema>;

/** POST /v1/conversations/{id}/read: everything up to this message (of the conversation) is read. */
export const ReadMarkerBodySchema = z.strictObject({ up_to: UuidSchema });
export type ReadMarkerBody = z.infer<typeof ReadMarkerBodySchema>;

/** POST /v1/conversations/{id}/mute: `muted` false unmutes (default true). */
export const MuteBodySchema = z.strictObject({ muted: z.boolean().default(true) });

export const ReportMessageBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(MESSAGE_LIMITS.reasonMax) });

/** A member's read marker as others see it (never sent for a member with `read_receipts` off). */
export const ReadMarkerSchema = z.object({
  conversation_id: z.string(),
  user_id: z.string(),
  up_to: z.string(),
  unread_count: z.number().int(),
  read_at: z.string(),
});
export type ReadMarker = z.infer<typeof ReadMarkerSchema>;

export const MessagePageSchema = z.object({
  items: z.array(MessageSchema),
  next_cursor: z.string().nullable(),
  /** Others' read markers (message ids by member id): empty when I or they have read_receipts off. */
  read_markers: z.record(z.string(), z.string()),
});
export const ConversationPageSchema = z.object({
  items: z.array(ConversationSchema),
  next_cursor: z.string().nullable(),
  /** Unread messages over every active, unmuted conversation (the shell's badge). */
  unread_total: z.number().int(),
});
