import { eq, like } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { users } from '#src/core/db/schema/index.js';
import { searchColumn } from '#src/core/search-text.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUserRow, 'id' | 'createdAt'>>;

/** Postgres unique_violation, from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The only place that reads and writes the users table. */
export function createUsersRepo(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByEmail(email: string): Promise<(UserRow & { email: string }) | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ? { ...row, email } : undefined;
    },
    /** The account with this E.164 phone number (unique). */
    async findByPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row;
    },
    /** Whether any account's email is at `domain` (one scan, meant for start-up, not for requests). */
    async anyWithEmailDomain(domain: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(like(users.email, `%@${domain}`))
        .limit(1);
      return rows.length > 0;
    },
    async create(values: NewUserRow): Promise<UserRow> {
      // The name's search words are written with it (DESIGN 11.5), so the member pickers find a new member at once.
      const [row] = await db
        .insert(users)
        .values({ ...values, searchName: searchColumn(values.name) })
        .returning();
      return row!;
    },
    async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
      const folded = patch.name === undefined ? {} : { searchName: searchColumn(patch.name) };
      const [row] = await db
        .update(users)
        .set({ ...patch, ...folded })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async delete(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
