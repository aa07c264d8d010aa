import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { oidcStates, userIdentities, users } from '#src/core/db/schema/index.js';
import type { NewUserRow, UserRow } from '../users/users.repo.js';

export type OidcStateRow = typeof oidcStates.$inferSelect;
export type NewOidcStateRow = typeof oidcStates.$inferInsert;
export type IdentityRow = typeof userIdentities.$inferSelect;

/** What an OIDC subject is joined by: the provider's configured id (issuer column) and its `sub`. */
export interface OidcSubject {
  providerId: string;
  subject: string;
  email: string | null;
}

/** The OIDC module's tables: authorizations in flight (oidc_states) and the subjects joined to accounts. */
export function createOidcRepo(db: Db) {
  const identityValues = (userId: string, s: OidcSubject, at: Date) => ({
    userId,
    kind: 'oidc',
    issuer: s.providerId,
    subject: s.subject,
    provider: s.providerId,
    email: s.email,
    createdAt: at,
    lastUsedAt: at,
  });

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

    async findIdentity(providerId: string, subject: string): Promise<IdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.kind, 'oidc'), eq(userIdentities.issuer, providerId), eq(userIdentities.subject, subject)))
        .limit(1);
      return row;
    },

    async touchIdentity(id: string, at: Date): Promise<void> {
      await db.update(userIdentities).set({ lastUsedAt: at }).where(eq(userIdentities.id, id));
    },

    /** Joins a subject to an existing account (unique per provider and subject: a race loses with 23505). */
    async insertIdentity(userId: string, s: OidcSubject, at: Date): Promise<void> {
      await db.insert(userIdentities).values(identityValues(userId, s, at));
    },

    /** A new account made from an OIDC subject, with the subject joined, in one transaction. */
    async createUserWithIdentity(values: NewUserRow, s: OidcSubject, at: Date): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values(values).returning();
        await tx.insert(userIdentities).values(identityValues(user!.id, s, at));
        return user!;
      });
    },
  };
}

export type OidcRepo = ReturnType<typeof createOidcRepo>;
