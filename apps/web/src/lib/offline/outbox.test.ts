import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribes/shared';
import { postsEndpoints } from '@tribes/shared';
import { api, bindApiSession } from '../../app/api';
import { noticeStore } from '../../components/snackbar/notice-store';
import { onlineStore } from '../online-status';
import { clearSession, sessionStore, signIn } from '../session/session-store';
import { cancelOutboxItem, editOutboxItem, flushOutbox, outboxStore, viaOutbox } from './outbox';

const user = { id: 'u1', name: 'Moha', profile: { last_step: 'tribe-selection-completed' } } as unknown as User;
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const comment = { id: 'c1', body: 'hi', author: { id: 'u1', name: 'Moha', avatar_url: null }, created_at: '', can_delete: true };
const write = (body: string) => ({ kind: 'comment' as const, post_id: 'p1', body });
const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

/** The outbox of the web (issue 17): writes made offline wait with their key and are sent once. */
describe('the offline outbox', () => {
  beforeEach(() => {
    bindApiSession({ accessToken: () => sessionStore.get().accessToken, clear: clearSession, setLoggingOut: () => undefined });
    signIn('t.o.k', user);
  });
  afterEach(async () => {
    for (const item of outboxStore.get()) await cancelOutboxItem(item.id);
    vi.unstubAllGlobals();
    onlineStore.set(true);
    clearSession();
    bindApiSession(null);
  });

  it('sends at once when online, with an Idempotency-Key', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(201, { status: 'success', message: 'ok', data: { comment } }));
    vi.stubGlobal('fetch', fetchMock);
    const send = vi.fn(async (o: { headers: Record<string, string> }) => o.headers['Idempotency-Key']);
    const key = await viaOutbox(write('hi'), send);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(outboxStore.get()).toEqual([]);
  });

  it('keeps a write made offline, then sends it once with the same key when the network is back', async () => {
    onlineStore.set(false);
    const direct = vi.fn();
    expect(await viaOutbox(write('from the bus'), direct)).toBeNull();
    expect(direct).not.toHaveBeenCalled();
    const [item] = outboxStore.get();
    expect(item).toMatchObject({ kind: 'comment', body: 'from the bus', status: 'pending', user_id: 'u1' });
    expect(noticeStore.get()).toMatchObject({ show: true, color: 'info' });

    const fetchMock = vi.fn().mockResolvedValue(answer(201, { status: 'success', message: 'ok', data: { comment } }));
    vi.stubGlobal('fetch', fetchMock);
    onlineStore.set(true);
    await flushOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/posts/p1/comments');
    expect(keyOf(fetchMock.mock.calls[0]!)).toBe(item!.id);
    expect(JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string)).toEqual({ body: 'from the bus' });
    expect(outboxStore.get()).toEqual([]);
    await flushOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps a write whose send got no answer (no "no connection" notice), and tries it again with the same key', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const result = await viaOutbox(
      write('flaky'),
      async (o) => (await api.call(postsEndpoints.addComment, { params: { id: 'p1' }, body: { body: 'flaky' } }, o)).data.comment,
    );
    expect(result).toBeNull();
    expect(noticeStore.get().color).toBe('info');
    const [item] = outboxStore.get();
    expect(item?.status).toBe('pending');
    expect(keyOf(fetchMock.mock.calls[0]!)).toBe(item!.id);
    // Still no network: it stays, counted, with its key.
    await flushOutbox();
    expect(keyOf(fetchMock.mock.calls[1]!)).toBe(item!.id);
    expect(outboxStore.get()[0]).toMatchObject({ id: item!.id, status: 'pending', attempts: 1 });
  });

  it('marks what the server refuses as failed with its reason; editing it takes a new key and sends it again', async () => {
    onlineStore.set(false);
    await viaOutbox(write(''), vi.fn());
    const refused = vi.fn().mockResolvedValue(
      answer(400, {
        status: 'error',
        message: 'The body field is required.',
        error_type: 'validation_error',
        errors: { body: ['The body field is required.'] },
      }),
    );
    vi.stubGlobal('fetch', refused);
    onlineStore.set(true);
    await flushOutbox();
    const [failed] = outboxStore.get();
    expect(failed).toMatchObject({ status: 'failed', error: 'The body field is required.' });

    const ok = vi.fn().mockResolvedValue(answer(201, { status: 'success', message: 'ok', data: { comment } }));
    vi.stubGlobal('fetch', ok);
    await editOutboxItem(failed!.id, 'Now with words');
    await flushOutbox();
    expect(ok).toHaveBeenCalledTimes(1);
    expect(keyOf(ok.mock.calls[0]!)).not.toBe(failed!.id);
    expect(JSON.parse((ok.mock.calls[0]![1] as RequestInit).body as string)).toEqual({ body: 'Now with words' });
    expect(outboxStore.get()).toEqual([]);
  });

  it('keeps only the newest like of a post, and cancels on request', async () => {
    onlineStore.set(false);
    await viaOutbox({ kind: 'like', post_id: 'p9', on: true }, vi.fn());
    await viaOutbox({ kind: 'like', post_id: 'p9', on: false }, vi.fn());
    expect(outboxStore.get()).toHaveLength(1);
    expect(outboxStore.get()[0]).toMatchObject({ kind: 'like', on: false });
    await cancelOutboxItem(outboxStore.get()[0]!.id);
    expect(outboxStore.get()).toEqual([]);
  });
});
