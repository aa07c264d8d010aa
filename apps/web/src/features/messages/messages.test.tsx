import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, Message, User } from '@tribes/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindApiSession } from '../../app/api';
import { changeLocale, initI18n } from '../../app/i18n';
import { cancelOutboxItem, flushOutbox, outboxStore } from '../../lib/offline/outbox';
import { onlineStore } from '../../lib/online-status';
import { realtimeStore } from '../../lib/realtime/realtime-store';
import { clearSession, sessionStore, signIn } from '../../lib/session/session-store';
import { FakeRealtimeClient } from '../../test/fake-realtime-client';
import { ok, stubApi, type Route } from '../../test/stub-api';
import { ConversationList } from './components/conversation-list';
import { MessagesButton } from './components/messages-button';
import { Thread } from './components/thread';
import { pickVoiceMime, toWaveform } from './waveform';

const ME = 'c0000000-0000-4000-8000-000000000001';
const AMINA = 'c0000000-0000-4000-8000-000000000002';
const CONV = 'e0000000-0000-4000-8000-000000000001';
const user = { id: ME, name: 'Me', profile: { last_step: 'tribe-selection-completed' } } as unknown as User;
const me = { id: ME, name: 'Me', avatar_url: null };
const amina = { id: AMINA, name: 'Amina', avatar_url: null };

function message(over: Partial<Message> & Pick<Message, 'id'>): Message {
  return {
    conversation_id: CONV,
    sender: amina,
    body: 'שלום',
    attachments: [],
    created_at: new Date().toISOString(),
    edited_at: null,
    deleted: false,
    ...over,
  };
}

function conversation(over: Partial<Conversation> = {}): Conversation {
  return {
    id: CONV,
    kind: 'direct',
    members: [me, amina],
    title: null,
    unread_count: 0,
    last_message: null,
    state: 'active',
    muted: false,
    created_at: new Date().toISOString(),
    last_activity_at: new Date().toISOString(),
    ...over,
  };
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** The API of one conversation with `items` (newest first) and `markers`; sends are answered with what was sent. */
function threadApi(items: Message[], markers: Record<string, string> = {}, conv = conversation()): Route {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === `/api/v1/conversations/${CONV}` && method === 'GET') return ok({ conversation: conv });
    if (url.pathname === `/api/v1/conversations/${CONV}/messages` && method === 'GET')
      return ok({ items, next_cursor: null, read_markers: markers });
    if (url.pathname === `/api/v1/conversations/${CONV}/messages` && method === 'POST') {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { body: string }).body : '';
      return {
        status: 201,
        body: { status: 'success', message: '', data: { message: message({ id: 'new-1', sender: me, body }) } },
      };
    }
    if (url.pathname === `/api/v1/conversations/${CONV}/read`)
      return ok({ read: { conversation_id: CONV, user_id: ME, up_to: items[0]?.id ?? '', unread_count: 0, read_at: '' } });
    if (url.pathname.startsWith('/api/v1/messages/') && method === 'DELETE')
      return ok({ message: message({ id: url.pathname.split('/').pop() ?? '', sender: me, body: '', deleted: true }) });
    if (url.pathname === '/api/v1/conversations') return ok({ items: [conv], next_cursor: null, unread_total: 0 });
    return undefined;
  };
}

let fake: FakeRealtimeClient;
beforeAll(() => initI18n('en'));
beforeEach(async () => {
  await changeLocale('en');
  bindApiSession({ accessToken: () => sessionStore.get().accessToken, clear: clearSession, setLoggingOut: () => undefined });
  signIn('t.o.k', user);
  fake = new FakeRealtimeClient();
  realtimeStore.set({ client: fake, state: 'connected' });
});
afterEach(async () => {
  for (const item of outboxStore.get()) await cancelOutboxItem(item.id);
  onlineStore.set(true);
  realtimeStore.set({ client: null, state: 'initialized' });
  clearSession();
  bindApiSession(null);
  vi.unstubAllGlobals();
});

describe('the conversation list', () => {
  it('shows each conversation with its last message and unread count, and requests apart', async () => {
    const request = conversation({
      id: 'r1',
      state: 'request_pending',
      members: [me, { id: 'x', name: 'Yossi', avatar_url: null }],
    });
    stubApi((url) =>
      url.pathname === '/api/v1/conversations'
        ? ok({
            items: [request, conversation({ unread_count: 2, last_message: message({ id: 'm1', body: 'مرحبا' }) })],
            next_cursor: null,
            unread_total: 2,
          })
        : undefined,
    );
    wrap(<ConversationList />);
    const list = await screen.findByTestId('conversations');
    const row = within(list).getByTestId('conversation');
    expect(row).toHaveTextContent('Amina');
    expect(row).toHaveTextContent('مرحبا');
    expect(row).toHaveTextContent('2 unread');
    expect(within(screen.getByTestId('requests')).getByTestId('conversation')).toHaveTextContent('Yossi');
  });

  it('says so when there is none', async () => {
    stubApi((url) =>
      url.pathname === '/api/v1/conversations' ? ok({ items: [], next_cursor: null, unread_total: 0 }) : undefined,
    );
    wrap(<ConversationList />);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });

  it('puts the unread total on the shell icon and in the tab title', async () => {
    stubApi((url) =>
      url.pathname === '/api/v1/conversations'
        ? ok({ items: [conversation({ unread_count: 3 })], next_cursor: null, unread_total: 3 })
        : undefined,
    );
    document.title = 'Home · Tribes';
    wrap(<MessagesButton />);
    await waitFor(() => expect(screen.getByTestId('messages-button')).toHaveAttribute('data-unread', '3'));
    expect(screen.getByTestId('messages-button')).toHaveAccessibleName('Messages, 3 unread');
    expect(document.title).toBe('(3) Home · Tribes');
  });
});

describe('a thread', () => {
  it('aligns bubbles by sender, reads each in its own direction, shows tombstones, edits and "Seen"', async () => {
    const mine = message({ id: 'm2', sender: me, body: 'Hello', edited_at: new Date().toISOString() });
    stubApi(threadApi([mine, message({ id: 'm1', deleted: true, body: '' })], { [AMINA]: 'm2' }));
    wrap(<Thread id={CONV} onGone={() => undefined} />);
    const bubbles = await screen.findAllByTestId('message');
    expect(bubbles.map((b) => b.getAttribute('data-mine'))).toEqual(['false', 'true']);
    expect(within(bubbles[0]!).getByTestId('tombstone')).toHaveTextContent('This message was deleted');
    expect(within(bubbles[1]!).getByTestId('message-body')).toHaveAttribute('dir', 'auto');
    expect(bubbles[1]).toHaveTextContent('edited');
    expect(within(bubbles[1]!).getByTestId('seen')).toHaveTextContent('Seen');
    expect(screen.getByText(/not end-to-end encrypted/)).toBeInTheDocument();
  });

  it('marks the newest message read while the thread is shown', async () => {
    const calls = stubApi(threadApi([message({ id: 'm1' })]));
    wrap(<Thread id={CONV} onGone={() => undefined} />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/read'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/read'))?.body).toEqual({ up_to: 'm1' });
  });

  it('sends on Enter with an Idempotency-Key, and Shift+Enter starts a new line', async () => {
    const calls = stubApi(threadApi([]));
    wrap(<Thread id={CONV} onGone={() => undefined} />);
    const input = await screen.findByTestId('message-input');
    await waitFor(() => expect(input).not.toBeDisabled());
    await userEvent.type(input, 'שלום{Shift>}{Enter}{/Shift}world');
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/messages'))).toHaveLength(0);
    await userEvent.type(input, '{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/messages'))).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/messages'));
    expect(sent?.body).toEqual({ body: 'שלום\nworld' });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/world/)).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('shows messages arriving live and who is typing; my typing is whispered, throttled', async () => {
    stubApi(threadApi([]));
    // The live hook is mounted in the shell, with the messages icon.
    wrap(
      <>
        <MessagesButton />
        <Thread id={CONV} onGone={() => undefined} />
      </>,
    );
    const input = await screen.findByTestId('message-input');
    await waitFor(() => expect(input).not.toBeDisabled());
    await waitFor(() => expect(fake.listening(`user.${ME}`, 'message.created')).toBe(1));
    act(() => fake.emit(`user.${ME}`, 'message.created', { message: message({ id: 'm9', body: 'live!' }), unread_count: 1 }));
    expect(await screen.findByText('live!')).toBeInTheDocument();
    await userEvent.type(input, 'abc');
    expect(fake.whispers.filter((w) => w.event === 'client-typing')).toHaveLength(1);
    expect(fake.whispers[0]?.channel).toBe(`conversation.${CONV}`);
    act(() => fake.emitWhisper(`conversation.${CONV}`, 'client-typing', { user_id: AMINA, name: 'Amina', typing: true }));
    expect(screen.getByTestId('typing')).toHaveTextContent('Amina is typing…');
  });

  it('deletes my message for everyone only after a confirmation', async () => {
    const calls = stubApi(threadApi([message({ id: 'm2', sender: me, body: 'oops' })]));
    wrap(<Thread id={CONV} onGone={() => undefined} />);
    await userEvent.click(await screen.findByTestId('message-actions'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete for everyone' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for everyone' }));
    expect(await screen.findByTestId('tombstone')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/v1/messages/m2']);
  });

  it('offers accept and decline on a request, not the composer', async () => {
    const calls = stubApi(threadApi([message({ id: 'm1' })], {}, conversation({ state: 'request_pending' })));
    wrap(<Thread id={CONV} onGone={() => undefined} />);
    expect(await screen.findByTestId('request-accept')).toBeInTheDocument();
    expect(screen.queryByTestId('message-input')).toBeNull();
    await userEvent.click(screen.getByTestId('request-accept'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/accept'))).toBe(true));
  });

  it('keeps a message written offline in the outbox, shown as pending, and sends it once when back online', async () => {
    const calls = stubApi(threadApi([]));
    wrap(<Thread id={CONV} onGone={() => undefined} />);
    const input = await screen.findByTestId('message-input');
    await waitFor(() => expect(input).not.toBeDisabled());
    act(() => onlineStore.set(false));
    await userEvent.type(input, 'later{Enter}');
    const pending = await screen.findByText('later');
    expect(pending.closest('[data-testid="message"]')).toHaveAttribute('data-pending', 'true');
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/messages'))).toHaveLength(0);
    act(() => onlineStore.set(true));
    await act(() => flushOutbox());
    await act(() => flushOutbox());
    const posts = calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/messages'));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ body: 'later' });
    expect(outboxStore.get()).toHaveLength(0);
  });
});

describe('voice notes', () => {
  it('takes the first container the browser records', () => {
    expect(pickVoiceMime((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickVoiceMime((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickVoiceMime(() => false)).toBeNull();
  });

  it('turns sampled levels into at most 64 bars of 0-255, each the loudest of its stretch', () => {
    const levels = Array.from({ length: 640 }, (_, i) => (i % 10 === 0 ? 1 : 0.1));
    const bars = toWaveform(levels);
    expect(bars).toHaveLength(64);
    expect(bars.every((b) => b === 255)).toBe(true);
    expect(toWaveform([0, 0.5])).toEqual([0, 128]);
    expect(toWaveform([])).toEqual([]);
  });
});
