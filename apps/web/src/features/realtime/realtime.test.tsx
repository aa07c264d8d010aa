import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppNotification, User } from '@tribes/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../app/i18n';
import { clearSession, signIn } from '../../lib/session/session-store';
import { NotificationBell } from './components/notification-bell';
import { NotificationList } from './components/notification-list';
import { TribeOnline } from './components/tribe-online';
import { FakeRealtimeClient } from '../../test/fake-realtime-client';
import { realtimeStore, startRealtime } from '../../lib/realtime/realtime-store';
import { resolveRealtimeConfig } from '../../lib/realtime/realtime-config';
import { useRealtimeEvent } from '../../lib/realtime/use-realtime-event';

const ME = 'c0000000-0000-4000-8000-000000000001';
const TRIBE = 'd0000000-0000-4000-8000-000000000001';
const now = new Date('2026-11-21T12:00:00Z');

const user = {
  id: ME,
  name: 'Me',
  profile: { primary_tribe_id: TRIBE, last_step: 'tribe-selection-completed' },
} as unknown as User;

function notification(over: Partial<AppNotification> & Pick<AppNotification, 'id' | 'kind'>): AppNotification {
  return {
    actor: { id: 'a1', name: 'Amina', avatar_url: null },
    subject: { type: 'post', id: 'p1', title: 'Harvest day', tribe_id: TRIBE },
    read: false,
    created_at: new Date(now.getTime() - 3 * 3600_000).toISOString(),
    ...over,
  };
}

function wrap(
  children: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

let fake: FakeRealtimeClient;
beforeAll(() => initI18n('en'));
beforeEach(async () => {
  await changeLocale('en');
  fake = new FakeRealtimeClient();
});
afterEach(() => {
  realtimeStore.set({ client: null, state: 'initialized' });
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notification list', () => {
  it('says who did what by kind, links to the tribe, and marks the unread', () => {
    const items = [
      notification({ id: 'n1', kind: 'comment' }),
      notification({ id: 'n2', kind: 'like', read: true }),
      notification({ id: 'n3', kind: 'membership_approved', actor: null, subject: { type: 'tribe', id: TRIBE, title: 'River' } }),
      notification({
        id: 'n4',
        kind: 'village_approved',
        actor: null,
        subject: { type: 'village', id: 'v1', title: 'Oakdale', tribe_id: TRIBE },
      }),
    ];
    const onOpen = vi.fn();
    wrap(<NotificationList items={items} onOpen={onOpen} now={now} />);
    const rows = screen.getAllByTestId('notification');
    expect(rows.map((r) => r.querySelector('.MuiListItemText-root')?.textContent?.replace(/[\u2068\u2069]/g, ''))).toEqual([
      'Unread: Amina commented on your post “Harvest day”3 hours ago',
      'Amina liked your post “Harvest day”3 hours ago',
      'Unread: You are now a member of River3 hours ago',
      'Unread: Your village Oakdale was approved3 hours ago',
    ]);
    for (const row of rows) expect(row).toHaveAttribute('href', `/tribes/${TRIBE}`);
    expect(rows.map((r) => r.dataset.read)).toEqual(['false', 'true', 'false', 'false']);
  });

  it('isolates a multi-paragraph title on one line, so an Arabic then English excerpt stays in one piece', () => {
    const title = 'أنهينا اليوم زربية جديدة.\n\nToday we finished a new …';
    wrap(
      <NotificationList
        items={[notification({ id: 'n1', kind: 'like', subject: { type: 'post', id: 'p1', title, tribe_id: TRIBE } })]}
        onOpen={() => undefined}
        now={now}
      />,
    );
    const text = screen.getByTestId('notification').textContent ?? '';
    expect(text).toContain('\u2068أنهينا اليوم زربية جديدة. Today we finished a new …\u2069');
    expect(text).not.toMatch(/\n/);
  });

  it('tells a leader what needs them, each linking to where to act; a gift with its amount, an anonymous donor unnamed', async () => {
    const items = [
      notification({ id: 'l1', kind: 'join_requested', subject: { type: 'tribe', id: TRIBE, title: 'River', tribe_id: TRIBE } }),
      notification({ id: 'l2', kind: 'member_joined', subject: { type: 'tribe', id: TRIBE, title: 'River', tribe_id: TRIBE } }),
      notification({
        id: 'l3',
        kind: 'village_submitted',
        subject: { type: 'village', id: 'v1', title: 'Oakdale', tribe_id: TRIBE },
      }),
      notification({
        id: 'l4',
        kind: 'donation_received',
        subject: { type: 'campaign', id: 'c1', title: 'Roof', tribe_id: TRIBE, amount: 1200 },
      }),
      notification({
        id: 'l5',
        kind: 'donation_received',
        actor: null,
        subject: { type: 'tribe', id: TRIBE, title: 'River', tribe_id: TRIBE, amount: 1 },
      }),
    ];
    wrap(<NotificationList items={items} onOpen={() => undefined} now={now} />);
    const rows = screen.getAllByTestId('notification');
    expect(rows.map((r) => r.querySelector('.MuiListItemText-primary')?.textContent?.replace(/[\u2068\u2069]/g, ''))).toEqual([
      'Unread: Amina asked to join River',
      'Unread: Amina joined River',
      'Unread: Amina registered the village Oakdale: it awaits your review',
      'Unread: Amina gave 1,200 tokens to “Roof”',
      'Unread: An anonymous donor gave 1 token to “River”',
    ]);
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      `/tribes/setting/${TRIBE}?tab=pending`,
      `/tribes/${TRIBE}?tab=members`,
      `/tribes/setting/leader/${TRIBE}`,
      '/tribes/campaign/detail/c1',
      `/tribes/ledger/${TRIBE}`,
    ]);
    // The anonymous gift shows no one's face.
    expect(within(rows[4]!).queryByText('A')).toBeNull();
  });

  it('says a gift in Arabic with the right plural form', async () => {
    await changeLocale('ar');
    const gift = (amount: number) =>
      notification({
        id: `g${amount}`,
        kind: 'donation_received',
        subject: { type: 'campaign', id: 'c1', title: 'Roof', amount },
      });
    wrap(<NotificationList items={[gift(2), gift(5)]} onOpen={() => undefined} now={now} />);
    const texts = screen.getAllByTestId('notification').map((r) => r.textContent ?? '');
    expect(texts[0]).toContain('برمزين');
    expect(texts[1]).toMatch(/[5٥] رموز/);
  });

  it('shows the time in the reader language', async () => {
    await changeLocale('fr');
    wrap(<NotificationList items={[notification({ id: 'n1', kind: 'like' })]} onOpen={() => undefined} now={now} />);
    expect(screen.getByTestId('notification')).toHaveTextContent(/Amina.*a aimé votre publication.*il y a 3 heures/);
  });
});

describe('notification bell', () => {
  it('loads the list, counts a live notification, and marks all as read', async () => {
    signIn('t.o.k', user);
    const stop = startRealtime(async () => fake);
    await waitFor(() => expect(realtimeStore.get().client).toBe(fake));
    const calls: { url: string; body: unknown; socket: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = new Headers(init.headers);
        calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null, socket: headers.get('X-Socket-Id') });
        const data = url.endsWith('/read')
          ? { unread_count: 0 }
          : { items: [notification({ id: 'n1', kind: 'comment' })], next_cursor: null, unread_count: 1 };
        return new Response(JSON.stringify({ status: 'success', message: '', data }), { status: 200 });
      }),
    );
    wrap(<NotificationBell />);
    const bell = screen.getByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 1 unread'));
    act(() =>
      fake.emit(`App.Models.User.${ME}`, 'notification.created', {
        notification: notification({ id: 'n2', kind: 'like', actor: { id: 'a2', name: 'Ben', avatar_url: null } }),
        unread_count: 2,
      }),
    );
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    expect(screen.getByTestId('notification-announce')).toHaveTextContent(/Ben\u2069 liked your post/);
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getAllByTestId('notification')[0]).toHaveTextContent(/Ben\u2069 liked your post/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, none unread'));
    const read = calls.find((c) => c.url.endsWith('/v1/notifications/read'))!;
    expect(read.body).toEqual({});
    // The realtime socket id goes with API writes, so the server does not echo them back to us.
    expect(read.socket).toBe('123.456');
    // Back from a lost connection: the list is fetched again (what came meanwhile was not pushed).
    const lists = () => calls.filter((c) => /\/v1\/notifications$/.test(c.url)).length;
    const before = lists();
    act(() => fake.setState('unavailable'));
    act(() => fake.setState('connected'));
    await waitFor(() => expect(lists()).toBe(before + 1));
    stop();
  });
});

describe('joining channels', () => {
  function Listener({ channel }: { channel: string }) {
    useRealtimeEvent([channel], 'post.created', () => undefined);
    return null;
  }

  it('joins a task after the commit that mounts the listener, not inside it, and never when unmounted first', async () => {
    realtimeStore.set({ client: fake, state: 'connected' });
    // render() runs in act(): the commit and every effect it scheduled are over when it returns.
    const first = render(<Listener channel="tribe.a" />);
    expect(fake.listening('tribe.a', 'post.created')).toBe(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fake.listening('tribe.a', 'post.created')).toBe(1);
    first.unmount();
    expect(fake.listening('tribe.a', 'post.created')).toBe(0);

    // Gone before its task came: the channel is never joined.
    const second = render(<Listener channel="tribe.b" />);
    second.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fake.listening('tribe.b', 'post.created')).toBe(0);
  });
});

describe('connection lifecycle', () => {
  it('opens after login, follows the state, and closes on logout', async () => {
    const connect = vi.fn(async () => fake);
    const stop = startRealtime(connect);
    expect(connect).not.toHaveBeenCalled();
    signIn('t.o.k', user);
    expect(connect).toHaveBeenCalledWith('t.o.k');
    await waitFor(() => expect(realtimeStore.get()).toEqual({ client: fake, state: 'connected' }));
    fake.setState('unavailable');
    expect(realtimeStore.get().state).toBe('unavailable');
    clearSession();
    expect(fake.disconnected).toBe(true);
    expect(realtimeStore.get()).toEqual({ client: null, state: 'disconnected' });
    stop();
  });

  it('is unavailable, not still starting, when there is nothing to connect to (the config unreachable)', async () => {
    const stop = startRealtime(async () => null);
    signIn('t.o.k', user);
    expect(realtimeStore.get().state).toBe('initialized');
    await waitFor(() => expect(realtimeStore.get()).toEqual({ client: null, state: 'unavailable' }));
    clearSession();
    expect(realtimeStore.get()).toEqual({ client: null, state: 'disconnected' });
    stop();
  });

  it('follows the page, not PUBLIC_URL, when the API is served from the page origin (opened on 127.0.0.1, www, a LAN name)', () => {
    const answer = { data: { realtime: { key: 'k0', host: 'localhost', port: 3000, scheme: 'http' } } };
    expect(resolveRealtimeConfig(answer, { protocol: 'http:', hostname: '127.0.0.1', port: '3000' }, undefined)).toEqual({
      key: 'k0',
      host: '127.0.0.1',
      port: 3000,
      scheme: 'http',
    });
    const www = { data: { realtime: { key: 'k0', host: 'tribes.example', port: 443, scheme: 'https' } } };
    expect(resolveRealtimeConfig(www, { protocol: 'https:', hostname: 'www.tribes.example', port: '' }, undefined)).toEqual({
      key: 'k0',
      host: 'www.tribes.example',
      port: 443,
      scheme: 'https',
    });
  });

  it('reads the endpoint from /api/v1/config for an API on another origin, else from the page and the build', () => {
    const page = { protocol: 'https:', hostname: 'tribes.example', port: '' };
    expect(
      resolveRealtimeConfig(
        { data: { realtime: { key: 'k1', host: 'ws.example', port: 8443, scheme: 'https' } } },
        page,
        undefined,
        'https://ws.example:8443',
      ),
    ).toEqual({
      key: 'k1',
      host: 'ws.example',
      port: 8443,
      scheme: 'https',
    });
    expect(resolveRealtimeConfig(null, page, 'k2')).toEqual({ key: 'k2', host: 'tribes.example', port: 443, scheme: 'https' });
    expect(resolveRealtimeConfig(null, { protocol: 'http:', hostname: 'localhost', port: '5173' }, 'k3')).toEqual({
      key: 'k3',
      host: 'localhost',
      port: 5173,
      scheme: 'http',
    });
    expect(resolveRealtimeConfig(null, page, undefined)).toBeNull();
  });
});

describe('who is online in my tribe', () => {
  it('lists the members here, then joining and leaving, with a count', async () => {
    realtimeStore.set({ client: fake, state: 'connected' });
    wrap(<TribeOnline tribeId={TRIBE} />);
    await waitFor(() => expect(fake.presence.has(`tribe.${TRIBE}`)).toBe(true));
    const handlers = fake.presence.get(`tribe.${TRIBE}`)!;
    expect(screen.queryByTestId('tribe-online')).toBeNull();
    // Its place is held (a member is always online there), so the row does not push the page down when it comes.
    expect(screen.getByTestId('tribe-online-placeholder')).toHaveAttribute('aria-hidden', 'true');
    act(() =>
      handlers.here([
        { id: ME, name: 'Me', avatar_url: null },
        { id: 'a1', name: 'Amina', avatar_url: null },
      ]),
    );
    expect(screen.getByRole('region', { name: 'Online now' })).toHaveTextContent('2 online');
    expect(screen.queryByTestId('tribe-online-placeholder')).toBeNull();
    act(() => handlers.joining({ id: 'a2', name: 'Ben', avatar_url: null }));
    expect(screen.getByTestId('tribe-online')).toHaveTextContent('3 online');
    expect(screen.getByRole('img', { name: 'Ben' })).toBeInTheDocument();
    act(() => handlers.leaving({ id: 'a1', name: 'Amina', avatar_url: null }));
    expect(screen.getByTestId('tribe-online')).toHaveTextContent('2 online');
    expect(screen.queryByRole('img', { name: 'Amina' })).toBeNull();
  });

  it('holds no place for a visitor who is not a member (no channel), nor once the connection is lost', () => {
    realtimeStore.set({ client: fake, state: 'connected' });
    const view = render(<TribeOnline tribeId={null} />);
    expect(screen.queryByTestId('tribe-online-placeholder')).toBeNull();
    expect(screen.queryByTestId('tribe-online')).toBeNull();
    view.unmount();
    realtimeStore.set({ client: null, state: 'initialized' });
    wrap(<TribeOnline tribeId={TRIBE} />);
    expect(screen.getByTestId('tribe-online-placeholder')).toBeInTheDocument();
    act(() => realtimeStore.set({ client: null, state: 'unavailable' }));
    expect(screen.queryByTestId('tribe-online-placeholder')).toBeNull();
  });
});
