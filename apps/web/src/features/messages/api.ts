import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  messagesEndpoints as endpoints,
  postsEndpoints,
  usersEndpoints,
  type Conversation,
  type Message,
  type ReadMarker,
} from '@tribes/shared';
import { api } from '../../app/api';
import { setUser } from '../../lib/session/session-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { viaOutbox } from '../../lib/offline/outbox';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  people: (q: string) => ['messages', 'people', q] as const,
};

export interface ConversationPage {
  items: Conversation[];
  next_cursor: string | null;
  unread_total: number;
}
export interface MessagePage {
  items: Message[];
  next_cursor: string | null;
  read_markers: Record<string, string>;
}
type Thread = InfiniteData<MessagePage, string | undefined>;
type Conversations = InfiniteData<ConversationPage, string | undefined>;

/** GET /v1/conversations: my conversations, latest activity first, with the shell's unread total. */
export function useConversations(enabled = true) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversations,
    enabled,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ConversationPage) => last.next_cursor ?? undefined,
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.listConversations, { query: { cursor: pageParam } }, { signal, silent: true })).data,
  });
}

/** The unread total over my active, unmuted conversations (0 until known). */
export function useUnreadTotal(enabled = true): number {
  const q = useConversations(enabled);
  return q.data?.pages[0]?.unread_total ?? 0;
}

/** GET /v1/conversations/{id}. */
export function useConversation(id: string) {
  return useQuery({
    queryKey: messageKeys.conversation(id),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.showConversation, { params: { id } }, { signal, silent: true })).data.conversation,
  });
}

/** GET /v1/conversations/{id}/messages: newest first, page by page (older pages after). */
export function useThread(id: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(id),
    enabled: Boolean(id),
    retry: false,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MessagePage) => last.next_cursor ?? undefined,
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.listMessages, { params: { id }, query: { cursor: pageParam } }, { signal, silent: true })).data,
  });
}

/** Puts a message in its thread's cache (new on top, or in place of the same id). */
export function upsertMessage(client: QueryClient, message: Message): void {
  client.setQueryData<Thread>(messageKeys.thread(message.conversation_id), (data) => {
    if (!data) return data;
    const known = data.pages.some((p) => p.items.some((m) => m.id === message.id));
    const pages = data.pages.map((p, i) => ({
      ...p,
      items: known ? p.items.map((m) => (m.id === message.id ? message : m)) : i === 0 ? [message, ...p.items] : p.items,
    }));
    return { ...data, pages };
  });
}

/** Someone's read marker arrived: it moves in the thread's cache. */
export function applyReadMarker(client: QueryClient, read: ReadMarker): void {
  client.setQueryData<Thread>(messageKeys.thread(read.conversation_id), (data) => {
    if (!data?.pages[0]) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, read_markers: { ...first.read_markers, [read.user_id]: read.up_to } }, ...rest] };
  });
}

/** A conversation changed: in place in the list (or the list is asked again), and its own query. */
export function applyConversation(client: QueryClient, conversation: Conversation): void {
  client.setQueryData(messageKeys.conversation(conversation.id), conversation);
  const list = client.getQueryData<Conversations>(messageKeys.conversations);
  const known = list?.pages.some((p) => p.items.some((c) => c.id === conversation.id));
  if (list && known)
    client.setQueryData<Conversations>(messageKeys.conversations, {
      ...list,
      pages: list.pages.map((p) => ({ ...p, items: p.items.map((c) => (c.id === conversation.id ? conversation : c)) })),
    });
  // The order and the unread total are the server's: asked again, quietly.
  void client.invalidateQueries({ queryKey: messageKeys.conversations });
}

/** What a send carries: text, and at most one photo or one voice note. */
export interface Outgoing {
  body: string;
  photo?: File;
  voice?: { blob: Blob; duration_ms: number; waveform: number[] };
}

const VOICE_EXT: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' };

/** POST /v1/conversations/{id}/messages with an Idempotency-Key; text alone waits in the outbox when offline. */
export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (out: Outgoing): Promise<Message | null> => {
      if (!out.photo && !out.voice)
        return viaOutbox(
          { kind: 'message', conversation_id: conversationId, body: out.body },
          async (options) =>
            (await api.call(endpoints.sendMessage, { params: { id: conversationId }, body: { body: out.body } }, options)).data
              .message,
        );
      const form = new FormData();
      if (out.body) form.append('body', out.body);
      if (out.photo) form.append('photo', out.photo, out.photo.name);
      if (out.voice) {
        const type = out.voice.blob.type.split(';')[0] ?? 'audio/webm';
        form.append('voice', out.voice.blob, `voice.${VOICE_EXT[type] ?? 'webm'}`);
        form.append('duration_ms', String(Math.max(1, Math.round(out.voice.duration_ms))));
        form.append('waveform', JSON.stringify(out.voice.waveform));
      }
      const headers = { 'Idempotency-Key': crypto.randomUUID() };
      return (await api.call(endpoints.sendMessage, { params: { id: conversationId }, form }, { headers })).data.message;
    },
    onSuccess: (message) => {
      if (message) upsertMessage(client, message);
      void client.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}

/** POST /v1/conversations/{id}/read up to a message (quietly: it runs by itself). */
export function useMarkRead(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (upTo: string) =>
      (await api.call(endpoints.markRead, { params: { id: conversationId }, body: { up_to: upTo } }, { silent: true })).data.read,
    onSuccess: () => void client.invalidateQueries({ queryKey: messageKeys.conversations }),
  });
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: string }) =>
      (await api.call(endpoints.editMessage, { params: { id }, body: { body } })).data.message,
    onSuccess: (message) => upsertMessage(client, message),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(endpoints.deleteMessage, { params: { id } })).data.message,
    onSuccess: (message) => {
      upsertMessage(client, message);
      void client.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      api.call(endpoints.reportMessage, { params: { id }, body: { reason } }, { notifySuccess: true }),
  });
}

/** Accept, decline, leave, mute or unmute a conversation. */
export function useConversationAction(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'accept' | 'decline' | 'leave' | 'mute' | 'unmute'): Promise<Conversation | null> => {
      const params = { id: conversationId };
      if (action === 'accept') return (await api.call(endpoints.accept, { params })).data.conversation;
      if (action === 'mute' || action === 'unmute')
        return (await api.call(endpoints.mute, { params, body: { muted: action === 'mute' } })).data.conversation;
      await api.call(action === 'decline' ? endpoints.decline : endpoints.leave, { params });
      return null;
    },
    onSuccess: (conversation) => {
      if (conversation) applyConversation(client, conversation);
      else {
        client.removeQueries({ queryKey: messageKeys.conversation(conversationId) });
        void client.invalidateQueries({ queryKey: messageKeys.conversations });
      }
    },
  });
}

/** POST /v1/conversations: the direct conversation with someone (found again) or a group. */
export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { member_ids: string[]; title?: string }) =>
      (await api.call(endpoints.createConversation, { body })).data.conversation,
    onSuccess: (conversation) => applyConversation(client, conversation),
  });
}

export interface PersonOption {
  id: string;
  name: string;
  avatar_url: string | null;
}

/** People to write to, found by name (GET /v1/explore?q=). */
export function usePeopleSearch(query: string) {
  const q = useDebouncedValue(query.trim(), 250);
  return useQuery({
    queryKey: messageKeys.people(q),
    enabled: q.length > 0,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<PersonOption[]> =>
      (await api.call(postsEndpoints.explore, { query: { q, limit: 1 } }, { signal, silent: true })).data.people.map((p) => ({
        id: p.id,
        name: p.name,
        avatar_url: p.avatar_url ?? null,
      })),
  });
}

/** PATCH /v1/me/settings { read_receipts }. */
export function useSaveReadReceipts() {
  return useMutation({
    mutationFn: async (on: boolean) => (await api.call(usersEndpoints.patchSettings, { body: { read_receipts: on } })).data.user,
    onSuccess: (user) => setUser(user),
  });
}
