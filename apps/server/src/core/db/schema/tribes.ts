import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tribes = pgTable(
  'tribes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Name and description as search words (foldText); null until the search module folds them (cleared on change). */
    searchText: text('search_text'),
    /** Its tribe-only posts and comments may be sent to the translation provider (DESIGN 11.5). */
    allowTranslation: boolean('allow_translation').notNull().default(false),
    coverKey: text('cover_key'),
    /** Square logo (private media key), shown on cards, the tribe page and the map popup. */
    logoKey: text('logo_key'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    region: text('region').notNull(),
    visibility: text('visibility').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Active members; recounted in the transaction of every membership change. */
    memberCount: integer('member_count').notNull().default(0),
    /** Approved villages; recounted in the transaction of every review. */
    villageCount: integer('village_count').notNull().default(0),
    /** Suspended by an operator (DESIGN 11.2): hidden from all but its leaders, no donations. Null when not. */
    suspendedAt: ts('suspended_at'),
    suspensionReason: text('suspension_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tribes_slug_unique').on(t.slug),
    uniqueIndex('tribes_name_lower_unique').on(sql`lower(${t.name})`),
    index('tribes_search_trgm_idx').using('gin', sql`lower(${t.name} || ' ' || ${t.region}) gin_trgm_ops`),
    index('tribes_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tribes_search_pending_idx')
      .on(t.id)
      .where(sql`${t.searchText} is null`),
    check('tribes_lat_range', sql`${t.lat} between -90 and 90`),
    check('tribes_lng_range', sql`${t.lng} between -180 and 180`),
    check('tribes_visibility', sql`${t.visibility} in ('open', 'request')`),
    check('tribes_counts', sql`${t.memberCount} >= 0 and ${t.villageCount} >= 0`),
  ],
);

export const tribeMembers = pgTable(
  'tribe_members',
  {
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    status: text('status').notNull().default('active'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Who last approved, banned or changed the role, for the record. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.tribeId, t.userId] }),
    index('tribe_members_user_idx').on(t.userId),
    index('tribe_members_tribe_status_idx').on(t.tribeId, t.status),
    check('tribe_members_role', sql`${t.role} in ('leader', 'moderator', 'member')`),
    check('tribe_members_status', sql`${t.status} in ('active', 'pending', 'banned')`),
  ],
);

export const villages = pgTable(
  'villages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    description: text('description').notNull().default(''),
    population: integer('population'),
    status: text('status').notNull().default('pending'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('villages_tribe_name_unique').on(t.tribeId, sql`lower(${t.name})`),
    index('villages_tribe_status_idx').on(t.tribeId, t.status),
    check('villages_lat_range', sql`${t.lat} between -90 and 90`),
    check('villages_lng_range', sql`${t.lng} between -180 and 180`),
    check('villages_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('villages_population', sql`${t.population} is null or ${t.population} >= 0`),
  ],
);

/** Invite links (DESIGN 10.5): a code anyone may preview; accepting joins the tribe (a request tribe too). */
export const tribeInvites = pgTable(
  'tribe_invites',
  {
    code: text('code').primaryKey(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** null: unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('tribe_invites_tribe_idx').on(t.tribeId, t.createdAt),
    check('tribe_invites_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} > 0)`),
  ],
);
