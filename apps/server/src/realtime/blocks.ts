/** Where blocks come from (the people repository): everyone on either side of a block with a user. */
export interface BlockSource {
  blockPartners(userId: string): Promise<string[]>;
}

/** Each user's block partners, cached briefly per node and forgotten on block or unblock. */
export interface BlockCache {
  partners(userId: string): Promise<ReadonlySet<string>>;
  invalidate(userIds: readonly string[]): void;
}

/**
 * A short-lived cache in front of the block source: deliveries look up the people an event
 * involves (usually one author) once per event, not once per subscriber. A block or unblock
 * invalidates the entries of both people on every node (through the bus); the TTL only bounds
 * how long a lost invalidation could matter.
 */
export function createBlockCache(
  source: BlockSource,
  { ttlMs = 30_000, maxEntries = 10_000, now = Date.now }: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): BlockCache {
  const entries = new Map<string, { at: number; value: Promise<ReadonlySet<string>> }>();
  return {
    partners(userId) {
      const hit = entries.get(userId);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      // The promise itself is cached so concurrent deliveries share one query; an invalidation
      // removes it, so a query started before a block is never reused after it.
      const value = source.blockPartners(userId).then((ids) => new Set(ids) as ReadonlySet<string>);
      const entry = { at: now(), value };
      entries.set(userId, entry);
      value.catch(() => {
        if (entries.get(userId) === entry) entries.delete(userId);
      });
      return value;
    },
    invalidate(userIds) {
      for (const id of userIds) entries.delete(id);
    },
  };
}
