import type { OutboxItem } from './outbox-types';

/**
 * Where the outbox lives on the device: IndexedDB (it keeps photos as Blobs and survives a reload
 * or a closed tab), through `idb`, the small wrapper workbox already ships. Without IndexedDB (a
 * private window that refuses it, a test environment) the outbox lasts for the page only.
 */
export interface OutboxDb {
  all(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(id: string): Promise<void>;
  /** Stores `item` and deletes the write `oldId` in one transaction: both happen, or neither. */
  replace(oldId: string, item: OutboxItem): Promise<void>;
}

const NAME = 'tribes-outbox';
const STORE = 'items';

function memoryDb(): OutboxDb {
  const items = new Map<string, OutboxItem>();
  return {
    all: async () => [...items.values()],
    put: async (item) => void items.set(item.id, item),
    remove: async (id) => void items.delete(id),
    replace: async (oldId, item) => {
      items.delete(oldId);
      items.set(item.id, item);
    },
  };
}

export function openOutboxDb(): OutboxDb {
  if (typeof indexedDB === 'undefined') return memoryDb();
  const fallback = memoryDb();
  const db = import('idb')
    .then(({ openDB }) =>
      openDB(NAME, 1, {
        upgrade(d) {
          d.createObjectStore(STORE, { keyPath: 'id' });
        },
      }),
    )
    .catch(() => null);
  return {
    all: async () => ((await db) ? ((await (await db)!.getAll(STORE)) as OutboxItem[]) : fallback.all()),
    put: async (item) => {
      const d = await db;
      if (d) await d.put(STORE, item);
      else await fallback.put(item);
    },
    remove: async (id) => {
      const d = await db;
      if (d) await d.delete(STORE, id);
      else await fallback.remove(id);
    },
    replace: async (oldId, item) => {
      const d = await db;
      if (!d) return fallback.replace(oldId, item);
      const tx = d.transaction(STORE, 'readwrite');
      await Promise.all([tx.store.put(item), tx.store.delete(oldId), tx.done]);
    },
  };
}
