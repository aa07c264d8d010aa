import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { tribes, users, villages } from '#src/core/db/schema/index.js';

export type VillageRow = typeof villages.$inferSelect;
type Conn = Db | Tx;

/** The only place that reads and writes villages. */
export function createVillagesRepo(db: Db) {
  const withCreator = () =>
    db
      .select({ village: villages, creator: { id: users.id, name: users.name } })
      .from(villages)
      .leftJoin(users, eq(users.id, villages.createdBy));

  return {
    async findById(id: string, conn: Conn = db): Promise<VillageRow | undefined> {
      const [row] = await conn.select().from(villages).where(eq(villages.id, id)).limit(1);
      return row;
    },
    async findWithCreator(id: string) {
      const [row] = await withCreator().where(eq(villages.id, id)).limit(1);
      return row;
    },
    /** A page of a tribe's villages in one status, optionally only those one user registered. */
    async list(tribeId: string, opts: { status: string; createdBy?: string; after?: { at: string; id: string }; limit: number }) {
      const where: SQL[] = [eq(villages.tribeId, tribeId), eq(villages.status, opts.status)];
      if (opts.createdBy) where.push(eq(villages.createdBy, opts.createdBy));
      if (opts.after) {
        const at = new Date(opts.after.at);
        where.push(or(gt(villages.createdAt, at), and(eq(villages.createdAt, at), gt(villages.id, opts.after.id)))!);
      }
      return withCreator()
        .where(and(...where))
        .orderBy(asc(villages.createdAt), asc(villages.id))
        .limit(opts.limit);
    },
    async insert(values: typeof villages.$inferInsert, conn: Conn = db): Promise<VillageRow> {
      const [row] = await conn.insert(villages).values(values).returning();
      return row!;
    },
    async update(id: string, patch: Partial<typeof villages.$inferInsert>, conn: Conn = db): Promise<VillageRow> {
      // An edit that changes nothing (PATCH {}) reads the row: Drizzle refuses an UPDATE without values.
      if (Object.values(patch).every((v) => v === undefined)) {
        const [row] = await conn.select().from(villages).where(eq(villages.id, id)).limit(1);
        return row!;
      }
      const [row] = await conn.update(villages).set(patch).where(eq(villages.id, id)).returning();
      return row!;
    },
    /** Approved villages with their tribe's slug, for the map. */
    async approvedForMap(limit: number) {
      return db
        .select({
          id: villages.id,
          tribeId: villages.tribeId,
          tribeSlug: tribes.slug,
          name: villages.name,
          lat: villages.lat,
          lng: villages.lng,
        })
        .from(villages)
        .innerJoin(tribes, eq(tribes.id, villages.tribeId))
        .where(eq(villages.status, 'approved'))
        .orderBy(asc(villages.name))
        .limit(limit);
    },
  };
}

export type VillagesRepo = ReturnType<typeof createVillagesRepo>;
