import type { AppContext } from '#src/core/context.js';
import { users as usersTable } from '#src/core/db/schema/index.js';
import { hashPassword } from '#src/modules/auth/passwords.js';
import type { UserRow } from '#src/modules/users/users.repo.js';
import { DEMO_PEOPLE, DEMO_TRIBES } from './demo-data.js';

/** The demo accounts' shared password (README.md says so): demo data only, never a real account. */
export const DEMO_PASSWORD = 'tribes-demo-2026';

/**
 * Loads demo data into an empty database (SEED_DEMO): people, a dozen tribes on several continents
 * with leaders, members and villages, through the same services the API uses so every count and
 * rule holds. Later features add their demo rows here.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  if (await ctx.db.query.users.findFirst()) return;
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = new Map<string, UserRow>();
  const rows = await ctx.db
    .insert(usersTable)
    .values(
      DEMO_PEOPLE.map((p) => ({
        name: p.name,
        email: p.email,
        locale: p.locale,
        role: p.role,
        bio: p.bio,
        passwordHash,
        emailVerifiedAt: now,
        lastStep: 'role-selection-completed',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  for (const row of rows) people.set(row.email, row);
  const person = (email: string) => people.get(email)!;

  const fresh = async (email: string) => (await ctx.usersRepo.findById(person(email).id))!;
  const onboarded = new Set<string>();
  for (const spec of DEMO_TRIBES) {
    const leader = await fresh(spec.leader);
    const tribe = await ctx.tribes.create(leader, spec.tribe);
    for (const email of spec.members) {
      const member = await fresh(email);
      // A person's first tribe is their primary one; later ones are simply joined.
      const membership = onboarded.has(email)
        ? await ctx.tribes.join(tribe.id, member)
        : (await ctx.tribes.select(member, tribe.id)).membership;
      onboarded.add(email);
      if (membership.status === 'pending') await ctx.tribes.updateMember(tribe.id, leader, member.id, { status: 'active' });
    }
    for (const v of spec.villages) {
      const author = person(v.by ?? spec.leader);
      const village = await ctx.villages.create(tribe.id, author, {
        name: v.name,
        lat: v.lat,
        lng: v.lng,
        description: v.description,
        population: v.population,
      });
      if (v.approved !== false) await ctx.villages.update(village.id, leader, { status: 'approved' });
    }
  }
  // Leaders finished onboarding by creating their tribe.
  for (const spec of DEMO_TRIBES) {
    const leader = await fresh(spec.leader);
    if (leader.lastStep !== 'tribe-selection-completed')
      await ctx.usersRepo.update(leader.id, { lastStep: 'tribe-selection-completed' });
  }
  console.log(
    `[demo] ${DEMO_PEOPLE.length} demo people and ${DEMO_TRIBES.length} tribes loaded; sign in as amina@demo.tribes (password in README.md)`,
  );
}
