import type { AppContext } from '#src/composition.js';
import { users as usersTable } from '#src/core/db/schema/index.js';
import { hashPassword } from '#src/modules/auth/passwords.js';
import { slugify } from '#src/modules/tribes/tribes.service.js';
import type { UserRow } from '#src/modules/users/users.repo.js';
import sharp from 'sharp';
import { DEMO_COURSE, DEMO_PEOPLE, DEMO_POSTS, DEMO_TRIBES } from './demo-data.js';

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
  // One hash (and salt) per account, as for any user: a shared salt would tell who shares a password.
  // argon2 runs on libuv's thread pool, so the accounts are hashed in parallel.
  const passwordHashes = await Promise.all(DEMO_PEOPLE.map(() => hashPassword(DEMO_PASSWORD)));
  const people = new Map<string, UserRow>();
  const rows = await ctx.db
    .insert(usersTable)
    .values(
      DEMO_PEOPLE.map((p, i) => ({
        name: p.name,
        email: p.email,
        locale: p.locale,
        role: p.role,
        bio: p.bio,
        passwordHash: passwordHashes[i]!,
        emailVerifiedAt: now,
        lastStep: 'role-selection-completed',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  for (const row of rows) people.set(row.email!, row);
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
  const tribeIds: string[] = [];
  for (const spec of DEMO_TRIBES) tribeIds.push((await ctx.tribesRepo.findByRef(slugify(spec.tribe.name)))!.id);
  for (const [i, spec] of DEMO_POSTS.entries()) {
    const author = await fresh(spec.by);
    const images = spec.image ? [await demoImage(spec.image)] : [];
    const alt = spec.image === 'weave' ? 'A woven carpet in red and saffron' : 'Snowy mountain ridges at dawn';
    const post = await ctx.posts.create(
      author,
      { body: spec.body, tribe_id: tribeIds[spec.tribe], visibility: spec.visibility, alt: spec.image ? [alt] : [] },
      images,
    );
    // Posts a few hours apart, oldest first, so the feed reads like a living week.
    await ctx.postsRepo.updatePost(post.id, { createdAt: new Date(now.getTime() - (DEMO_POSTS.length - i) * 5 * 3600 * 1000) });
    for (const fan of spec.likes ?? []) await ctx.posts.mark('like', post.id, await fresh(fan), true);
    for (const [by, text] of spec.comments ?? []) await ctx.posts.comment(post.id, await fresh(by), text);
  }
  // Campaigns with donations, so the wallet and the progress bars have something to show.
  const campaignSpecs = [
    {
      tribe: 0,
      by: 'amina@demo.tribes',
      title: 'A loom for the weaving school',
      description: 'Two new looms so twenty girls can learn the patterns of the Atlas.',
      goal: 20000,
      days: 45,
    },
    {
      tribe: 4,
      by: 'lucia@demo.tribes',
      title: 'Alpaca wool for the winter guild',
      description: 'Raw wool and natural dyes for the Chinchero weavers.',
      goal: 8000,
      days: 30,
    },
    {
      tribe: 2,
      by: 'kofi@demo.tribes',
      title: 'Kente classroom roof',
      description: 'Fix the roof before the rainy season.',
      goal: 5000,
      days: 20,
    },
  ];
  const gifts: [string, number, number, boolean][] = [
    ['claire@demo.tribes', 0, 2500, false],
    ['noa@demo.tribes', 0, 600, true],
    ['diego@demo.tribes', 1, 900, false],
    ['claire@demo.tribes', 1, 1200, false],
    ['sam@demo.tribes', 2, 1500, false],
  ];
  const campaignIds: string[] = [];
  for (const spec of campaignSpecs) {
    const campaign = await ctx.campaigns.create(tribeIds[spec.tribe]!, await fresh(spec.by), {
      title: spec.title,
      description: spec.description,
      goal: spec.goal,
      ends_at: new Date(now.getTime() + spec.days * 86400_000).toISOString(),
      milestones: [{ title: 'Halfway', amount: Math.round(spec.goal / 2) }],
    });
    campaignIds.push(campaign.id);
  }
  for (const [email, index, amount, anonymous] of gifts) {
    const donor = await fresh(email);
    const payment = await ctx.wallet.startPurchase(donor, { tokens: amount + 1000 }, `demo-purchase-${email}-${index}`);
    await ctx.wallet.completeSandbox(donor, payment.body.payment_id, 'succeeded');
    const body = {
      target_type: 'campaign' as const,
      target_id: campaignIds[index]!,
      amount,
      message: anonymous ? '' : 'Courage !',
      anonymous,
    };
    // History, not news: no receipt mail and no realtime event for the demo's donations.
    await ctx.donations.donate(donor, body, { key: `demo-${email}-${index}`, locale: 'en', notify: false });
  }
  // A published course with lessons and a quiz, so the learning center is not empty.
  const author = await fresh(DEMO_COURSE.by);
  const course = await ctx.learning.courses.create(tribeIds[DEMO_COURSE.tribe]!, author, {
    ...DEMO_COURSE.course,
    cover_url: null,
    drip_days: 0,
  });
  const lessonIds: string[] = [];
  for (const l of DEMO_COURSE.lessons) {
    lessonIds.push((await ctx.learning.courses.addLesson(course.id, author, { ...l, video_url: null })).id);
  }
  await ctx.learning.assessments.create(course.id, author, DEMO_COURSE.quiz);
  for (const learner of DEMO_COURSE.learners) {
    const user = await fresh(learner.email);
    for (const id of lessonIds.slice(0, learner.lessonsDone)) await ctx.learning.courses.completeLesson(id, user);
  }
  console.log(
    `[demo] ${DEMO_PEOPLE.length} demo people, ${DEMO_TRIBES.length} tribes, ${DEMO_POSTS.length} posts, ${campaignSpecs.length} campaigns and a course loaded; sign in as amina@demo.tribes (password in README.md)`,
  );
}

/** A small generated picture for demo posts (no binary files in the repository). */
async function demoImage(kind: 'mountains' | 'weave'): Promise<Buffer> {
  const svg =
    kind === 'mountains'
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4b183"/><stop offset="1" stop-color="#8fb3de"/></linearGradient></defs><rect width="1200" height="800" fill="url(#s)"/><polygon points="0,800 300,300 520,620 760,220 1200,800" fill="#4a5d73"/><polygon points="760,220 690,330 830,330" fill="#fff"/><polygon points="300,300 250,380 350,380" fill="#fff"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#9b2226"/>${Array.from({ length: 8 }, (_, i) => `<polygon points="${150 * i + 75},150 ${150 * i + 150},400 ${150 * i + 75},650 ${150 * i},400" fill="${i % 2 ? '#ee9b00' : '#e9d8a6'}"/>`).join('')}<rect y="60" width="1200" height="20" fill="#005f73"/><rect y="720" width="1200" height="20" fill="#005f73"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
