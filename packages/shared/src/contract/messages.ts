import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import {
  ConversationListQuerySchema,
  ConversationPageSchema,
  ConversationSchema,
  CreateConversationBodySchema,
  EditMessageBodySchema,
  MessageListQuerySchema,
  MessagePageSchema,
  MessageSchema,
  MuteBodySchema,
  ReadMarkerBodySchema,
  ReadMarkerSchema,
  ReportMessageBodySchema,
  SendMessageBodySchema,
} from '../schemas/messages.js';
import { MESSAGE_ERRORS as E } from '../rules/messages.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Messages (DESIGN 11.4): direct conversations (one per pair, found again) and groups of up to 32.
 * Someone who shares no active tribe with the starter gets the conversation as a request
 * (`state: request_pending`) to accept or decline; until accepted, nothing more may be sent to them.
 * An account younger than 24 h writes only to people it shares an active tribe with (403
 * `account_too_new`); a block in either direction is 403 `blocked` and nothing crosses it. A
 * conversation with oneself is 422 `conversation_with_self`. A conversation one is not a member of is 404.
 * Messages are not end-to-end encrypted; operators never browse conversations (no endpoint lists them):
 * a reported message reaches them as a snapshot. Every write needs `Authorization: Bearer`; a sender
 * may send 30 messages a minute (429 beyond). Live: `private-user.{id}` carries message.created,
 * message.updated, message.read and conversation.updated; `client-typing` on `private-conversation.{id}`.
 */

const tags = ['messages'] as const;
const ConversationData = z.object({ conversation: ConversationSchema });
const MessageData = z.object({ message: MessageSchema });

/** decline, leave: I am no longer in the conversation, so the answer is empty. */
const act = (verb: 'decline' | 'leave', summary: string, errorTypes: readonly string[]) =>
  endpoint({
    method: 'POST',
    path: `/v1/conversations/{id}/${verb}`,
    summary,
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 404, 409],
    ...(errorTypes.length ? { errorTypes } : {}),
  });

export const messagesEndpoints = {
  createConversation: endpoint({
    method: 'POST',
    path: '/v1/conversations',
    summary:
      'Starts a conversation: member_ids names 1 other person (direct: the existing one is answered again, 200) ' +
      'or up to 31 (a group, with an optional title). 403 blocked / account_too_new; 422 conversation_with_self; ' +
      '404 when someone named does not exist.',
    tags,
    auth: 'user',
    body: CreateConversationBodySchema,
    data: ConversationData,
    status: 201,
    errors: [401, 403, 404, 422],
  }),
  listConversations: endpoint({
    method: 'GET',
    path: '/v1/conversations',
    summary: 'My conversations (requests to me included), latest activity first, each with its unread_count.',
    tags,
    auth: 'user',
    query: ConversationListQuerySchema,
    data: ConversationPageSchema,
    errors: [401],
  }),
  showConversation: endpoint({
    method: 'GET',
    path: '/v1/conversations/{id}',
    summary: 'One of my conversations; 404 when I am not a member.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: ConversationData,
    errors: [401, 404],
  }),
  listMessages: endpoint({
    method: 'GET',
    path: '/v1/conversations/{id}/messages',
    summary:
      "A conversation's messages, newest first (before: a message id to start below it; cursor: the next page), " +
      "with the others' read markers when read receipts are on for both; members only (404 otherwise).",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    query: MessageListQuerySchema,
    data: MessagePageSchema,
    errors: [401, 404],
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/v1/conversations/{id}/messages',
    summary:
      'Sends a message: JSON { body }, or multipart/form-data with body? and one file named "photo" (JPEG, PNG, WebP, ' +
      'GIF or AVIF, re-encoded) or "voice" (audio/webm, audio/ogg or audio/mp4 by content, at most 2 minutes and ' +
      '5 MB; duration_ms and waveform may come beside it). Anything else 415, too large 413, too long 422. ' +
      'With an Idempotency-Key a retried send is stored once. 30 a minute per sender.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: SendMessageBodySchema,
    multipart: true,
    files: [{ name: 'photo' }, { name: 'voice' }],
    consumes: ['multipart/form-data', 'application/json'],
    idempotencyKey: 'optional',
    data: MessageData,
    status: 201,
    errors: [401, 403, 404, 409, 413, 415, 422, 503],
    errorTypes: [E.idempotencyConflict],
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/v1/conversations/{id}/read',
    summary:
      "Marks the conversation read up to a message of it; others see the marker (message.read) unless either side's " +
      'read_receipts setting is off.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ReadMarkerBodySchema,
    data: z.object({ read: ReadMarkerSchema }),
    errors: [401, 404],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/v1/conversations/{id}/accept',
    summary: 'Accepts a conversation requested of me (it becomes active for both); 409 not_a_request otherwise.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: ConversationData,
    errors: [401, 404, 409],
    errorTypes: [E.notARequest],
  }),
  decline: act(
    'decline',
    'Declines a conversation requested of me: it leaves my list and the starter cannot write to me in it; 409 not_a_request otherwise.',
    [E.notARequest],
  ),
  leave: act('leave', 'Leaves a conversation: it leaves my list and I receive nothing more of it.', []),
  mute: endpoint({
    method: 'POST',
    path: '/v1/conversations/{id}/mute',
    summary: 'Mutes (muted: true, the default) or unmutes a conversation: no mail or push for it while muted.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: MuteBodySchema,
    data: ConversationData,
    errors: [401, 404],
  }),
  editMessage: endpoint({
    method: 'PATCH',
    path: '/v1/messages/{id}',
    summary: "Edits my message's text within 15 minutes of sending it; 403 not_author; 409 edit_window_closed / message_deleted.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: EditMessageBodySchema,
    data: MessageData,
    errors: [401, 403, 404, 409],
    errorTypes: [E.editWindowClosed, E.messageDeleted],
  }),
  deleteMessage: endpoint({
    method: 'DELETE',
    path: '/v1/messages/{id}',
    summary: 'Deletes my message for everyone: a tombstone stays (no text, no attachments). Idempotent.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: MessageData,
    errors: [401, 403, 404],
  }),
  reportMessage: endpoint({
    method: 'POST',
    path: '/v1/messages/{id}/report',
    summary:
      'Reports a message of a conversation I am in to the operators, with a snapshot of it; 409 cannot_report_own / already_reported.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ReportMessageBodySchema,
    data: EmptyDataSchema,
    status: 201,
    errors: [401, 404, 409],
    errorTypes: [E.reportOwn, E.alreadyReported],
  }),
} as const;
