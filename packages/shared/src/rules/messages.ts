// The messages module's rules without zod (limits, vocabularies): the web app reads them at run time
// without building the schemas of ../schemas/messages.ts (DESIGN 11.4).

export const MESSAGE_LIMITS = {
  bodyMax: 4000,
  titleMax: 100,
  /** Others named when starting a conversation: 1 is a direct conversation, up to 31 a group (32 with the starter). */
  maxOthers: 31,
  maxMembers: 32,
  reasonMax: 1000,
  /** The author may edit a message this long after sending it. */
  editWindowMinutes: 15,
  /** Messages one sender may send per minute (more: 429). */
  perMinute: 30,
  photoMaxBytes: 10 * 1024 * 1024,
  photoMaxSide: 2048,
  voiceMaxBytes: 5 * 1024 * 1024,
  voiceMaxMs: 2 * 60 * 1000,
  /** A voice note's waveform: at most this many bars, each 0-255. */
  waveformMax: 64,
  /** A message still unread this long after it came is mailed and pushed (by the `messages` switches). */
  unreadNoticeMinutes: 10,
} as const;

export const CONVERSATION_KINDS = ['direct', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/**
 * My side of a conversation: `active`, `request_pending` (someone who shares no active tribe with me
 * started it: I accept or decline) or `request_sent` (I started it and wait for the other to accept).
 */
export const CONVERSATION_STATES = ['active', 'request_pending', 'request_sent'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

export const ATTACHMENT_KINDS = ['photo', 'voice'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The voice note containers taken, checked by content (Opus in WebM or Ogg; AAC in MP4 from Safari). */
export const VOICE_MIME_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type VoiceMimeType = (typeof VOICE_MIME_TYPES)[number];

/** The `error_type` values of the messages answers (403s, 409s, 422s). */
export const MESSAGE_ERRORS = {
  /** 403: a block between the sender and a member, either way. */
  blocked: 'blocked',
  /** 403: an account younger than 24 h writing to someone who shares no active tribe with it. */
  accountTooNew: 'account_too_new',
  /** 403: writing in a conversation the member has not accepted yet, or the other side has not. */
  requestPending: 'request_pending',
  /** 422: a conversation with oneself. */
  selfConversation: 'conversation_with_self',
  /** 403: editing or deleting someone else's message. */
  notAuthor: 'not_author',
  /** 409: editing a message after the 15 minutes, or a deleted one. */
  editWindowClosed: 'edit_window_closed',
  /** 409: the message is deleted. */
  messageDeleted: 'message_deleted',
  /** 409: accept or decline on a conversation that is not a request to me. */
  notARequest: 'not_a_request',
  /** 409: the Idempotency-Key was used with another body. */
  idempotencyConflict: 'idempotency_conflict',
  /** 409: a second open report of the same message by the same person; or reporting one's own. */
  alreadyReported: 'already_reported',
  reportOwn: 'cannot_report_own',
} as const;
