import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribes/shared';
import { bindApiSession } from '../../app/api';
import { onlineStore } from '../online-status';
import { clearSession, sessionStore, signIn } from '../session/session-store';
import type { OutboxDb } from './outbox-db';
import type { OutboxItem } from './outbox-types';

/**
 * A device store that can be made to fail, as IndexedDB may (a closing database, a full disk): deletes
 * refuse while `failing` is set; an atomic replace, which deletes too, refuses whole.
 */
const device = vi.hoisted(() => ({ items: new Map<string, unknown>(), failing: false }));
vi.mock('./outbox-db', () => ({
  openOutboxDb: (): OutboxDb => {
    const refuse = () => {
      if (device.failing) throw new Error('QuotaExceededError');
    };
    return {
      all: async () => [...device.items.values()] as OutboxItem[],
      put: async (item) => void device.items.set(item.id, item),
      remove: async (id) => {
        refuse();
        device.items.delete(id);
      },
      replace: async (oldId, item) => {
        refuse();
        device.items.delete(oldId);
        device.items.set(item.id, item);
      },
    };
  },
}));

const { editOutboxItem, flushOutbox, outboxStore, viaOutbox } = await import('./outbox');

const user = { id: 'u1', name: 'Moha', profile: { last_step: 'tribe-selection-completed' } } as unknown as User;
const comment = { id: 'c1', body: 'x', author: { id: 'u1', name: 'Moha', avatar_url: null }, created_at: '', can_delete: true };

describe('editing a waiting write', () => {
  beforeEach(() => {
    bindApiSession({ accessToken: () => sessionStore.get().accessToken, clear: clearSession, setLoggingOut: () => undefined });
    signIn('t.o.k', user);
  });
  afterEach(() => {
    device.items.clear();
    device.failing = false;
    outboxStore.set([]);
    vi.unstubAllGlobals();
    onlineStore.set(true);
    clearSession();
    bindApiSession(null);
  });

  it('replaces the old write with the edited one: after a storage failure the old write is kept alone, and sent once', async () => {
    onlineStore.set(false);
    await viaOutbox({ kind: 'comment', post_id: 'p1', body: 'first words' }, vi.fn());
    const [waiting] = outboxStore.get();
    expect(waiting).toMatchObject({ body: 'first words', attempts: 0 });

    device.failing = true;
    await expect(editOutboxItem(waiting!.id, 'second words')).rejects.toThrow();
    device.failing = false;
    // Never both: the old text and the new would each be published.
    expect([...device.items.keys()]).toEqual([waiting!.id]);
    expect(outboxStore.get().map((i) => i.id)).toEqual([waiting!.id]);

    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ status: 'success', message: 'ok', data: { comment } }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    onlineStore.set(true);
    await flushOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string)).toEqual({ body: 'first words' });
  });

  it('stores the edit under a new key and nothing of the old write when storage holds', async () => {
    onlineStore.set(false);
    await viaOutbox({ kind: 'comment', post_id: 'p1', body: 'first words' }, vi.fn());
    const [waiting] = outboxStore.get();
    await editOutboxItem(waiting!.id, 'second words');
    const stored = [...device.items.values()] as OutboxItem[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'second words', status: 'pending' });
    expect(stored[0]!.id).not.toBe(waiting!.id);
    expect(outboxStore.get()).toEqual(stored);
  });
});
