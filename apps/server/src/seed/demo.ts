import type { AppContext } from '#src/core/context.js';
import { hashPassword } from '#src/modules/auth/passwords.js';

/** Demo accounts password: printed at start-up so a newcomer can sign in at once. */
export const DEMO_PASSWORD = 'tribes-demo-2026';

/** Loads demo data on an empty database (SEED_DEMO); later features add their own demo rows here. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const users = ctx.db.query.users;
  const existing = await users.findFirst();
  if (existing) return;
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = [
    { name: 'Amina Benali', email: 'amina@demo.tribes', locale: 'ar', role: 'leader' },
    { name: 'Claire Dubois', email: 'claire@demo.tribes', locale: 'fr', role: 'supporter' },
    { name: 'Noa Levi', email: 'noa@demo.tribes', locale: 'he', role: 'member' },
    { name: 'Diego Ramírez', email: 'diego@demo.tribes', locale: 'es', role: 'member' },
    { name: 'Sam Carter', email: 'sam@demo.tribes', locale: 'en', role: 'leader' },
  ];
  const { users: table } = await import('#src/core/db/schema/index.js');
  await ctx.db
    .insert(table)
    .values(
      people.map((p) => ({
        ...p,
        passwordHash,
        emailVerifiedAt: now,
        lastStep: 'role-selection-completed',
        createdAt: now,
        updatedAt: now,
      })),
    );
  console.log(`[demo] demo accounts: ${people.map((p) => p.email).join(', ')} (the shared demo password is in README.md)`);
}
