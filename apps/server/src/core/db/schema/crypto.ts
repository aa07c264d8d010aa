import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Ethereum addresses a user proved they control (Sign-In with Ethereum); one user per address. */
export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased 0x address. */
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crypto_wallets_address_unique').on(t.address), index('crypto_wallets_user_idx').on(t.userId)],
);

/** Single-use SIWE nonces, issued to one user, short-lived. */
export const siweNonces = pgTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
