import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { oidcStates } from '#src/core/db/schema/index.js';

export type OidcStateRow = typeof oidcStates.$inferSelect;
export type NewOidcStateRow = typeof oidcStates.$inferInsert;

/**
 * The OIDC module's table: authorizations in flight (oidc_states). The subjects joined to accounts
 * are user_identities rows, read and written through the identity repo.
 */
export function createOidcRepo(db: Db) {
  return {
    async insertState(row: NewOidcStateRow): Promise<void> {
      await db.insert(oidcStates).values(row);
    },

    /**
     * Spends a state once: only the first caller before it expires gets the row back, whatever the
     * number of nodes or concurrent callbacks (one UPDATE ... WHERE consumed_at IS NULL).
     */
    async consumeState(state: string, providerId: string, now: Date): Promise<OidcStateRow | undefined> {
      const [row] = await db
        .update(oidcStates)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oidcStates.state, state),
            eq(oidcStates.providerId, providerId),
            isNull(oidcStates.consumedAt),
            gt(oidcStates.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Forgets authorizations that expired before `before` (spent or not). */
    async pruneStates(before: Date): Promise<void> {
      await db.delete(oidcStates).where(lt(oidcStates.expiresAt, before));
    },
  };
}

export type OidcRepo = ReturnType<typeof createOidcRepo>;
