import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CreateEventData, Locale } from '@tribes/shared';
import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '#src/composition.js';
import { createManualClock } from '#src/core/clock.js';
import { tribes as tribesTable, users as usersTable } from '#src/core/db/schema/index.js';
import { hashPassword } from '#src/modules/auth/index.js';
import { createLearning } from '#src/modules/learning/index.js';
import { createNotificationsModule } from '#src/modules/notifications/index.js';
import { createPostsModule } from '#src/modules/posts/index.js';
import { DEMO_EMAIL_DOMAIN } from '#src/modules/system/index.js';
import { createTribesModule } from '#src/modules/tribes/index.js';
import { createVillagesModule } from '#src/modules/villages/index.js';
import { createEventsModule } from '#src/modules/events/index.js';
import { createWalletModule } from '#src/modules/wallet/index.js';
import type { UserRow } from '#src/modules/users/index.js';
import { avatarSvg, landscapeSvg, logoSvg, patternSvg, prng, renderWebp, seedOf } from './demo-art.js';
import {
  DEMO_ALT,
  DEMO_CAMPAIGNS,
  DEMO_COMMENT_LINES,
  DEMO_COURSE,
  DEMO_DONATION_LINES,
  DEMO_EVENTS,
  DEMO_MEMBERSHIPS,
  DEMO_MORE_COURSES,
  DEMO_PEOPLE,
  DEMO_POST_LINES,
  DEMO_POSTS,
  DEMO_TRIBES,
  DEMO_ZONES,
} from './demo-data.js';

/** The demo accounts' shared password (README.md says so): demo data only, never a real account. */
export const DEMO_PASSWORD = 'tribes-demo-2026';

/** How many posts the demo has in all: the hand-written ones (newest) and generated ones before them. */
export const DEMO_POST_COUNT = 150;
/** The demo's posts reach back this many days. */
export const DEMO_DAYS = 60;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The modules the demo writes through, wired like the app's (composition.ts) but on a clock the
 * seed moves: tribes founded months ago, posts over sixty days, donations spread over each
 * campaign's life. Every row still goes through the services' rules and the ledger's transfers;
 * only "now" is the seed's. No second auth module or throttle is made (nothing here needs them).
 */
function clockedModules(ctx: AppContext, clock: ReturnType<typeof createManualClock>) {
  // One bag of dependencies handed to each module, as composition.ts hands them out: each module
  // takes the ones it names, so a module that gains a dependency only needs it added here.
  const base = {
    db: ctx.db,
    config: ctx.config,
    users: ctx.usersRepo,
    storage: ctx.storage,
    realtime: ctx.realtime,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    appSecret: ctx.config.appSecret,
    blocks: ctx.blocks,
    clock,
  };
  const { notifications } = createNotificationsModule(base);
  const withNotifications = { ...base, notifications };
  const tribes = createTribesModule(withNotifications);
  const withTribes = { ...withNotifications, tribes: tribes.reads };
  const { villages } = createVillagesModule(withTribes);
  const posts = createPostsModule({ ...withNotifications, tribesRepo: tribes.reads, tribes: tribes.tribes });
  const wallet = createWalletModule(withTribes);
  const learning = createLearning({ db: ctx.db, tribes: tribes.reads, clock, publicUrl: ctx.config.publicUrl.href });
  const events = createEventsModule(withTribes);
  return {
    tribes: tribes.tribes,
    tribesRepo: tribes.reads,
    villages,
    events,
    posts: posts.posts,
    comments: posts.comments,
    wallet,
    learning,
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

/** A generated post, planned before anything is written so its picture can be drawn in parallel. */
interface PlannedPost {
  tribe: number;
  by: string;
  body: string;
  visibility: 'public' | 'tribe';
  at: Date;
  photo?: { kind: 'landscape' | 'pattern'; seed: number; alt: string };
  likes: string[];
  comments: { by: string; body: string; at: Date }[];
}

/**
 * Loads demo data into an empty database (SEED_DEMO): about forty people with avatars, a dozen
 * tribes with covers, logos, members and villages, 150 posts over sixty days in five languages with
 * photos, likes and comments, eight campaigns with donation histories, four courses. Everything
 * goes through the services the API uses (donations through the ledger), pictures are drawn in code
 * (demo-art.ts), and a seeded PRNG makes every first start the same. A database that has people is
 * left alone, so later starts never seed again.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  if (await ctx.db.query.users.findFirst()) return;
  const startedAt = performance.now();
  const phases: string[] = [];
  let phaseAt = startedAt;
  let cpuAt = process.cpuUsage();
  /** Wall and CPU seconds of each step, in the log: the machine's load shows as the gap between them. */
  const phase = (name: string) => {
    const t = performance.now();
    const cpu = process.cpuUsage(cpuAt);
    phases.push(`${name} ${((t - phaseAt) / 1000).toFixed(1)}/${((cpu.user + cpu.system) / 1e6).toFixed(1)} cpu`);
    phaseAt = t;
    cpuAt = process.cpuUsage();
  };
  const now = ctx.clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const clock = createManualClock(now);
  const m = clockedModules(ctx, clock);
  const r = prng(20260501);
  const localeOf = new Map(DEMO_PEOPLE.map((p) => [p.email, p.locale]));

  // Who is in which tribe, known before any write: the posts and donations are planned from it.
  const memberEmails: string[][] = DEMO_TRIBES.map((t) => [t.leader, ...t.members]);
  for (const [handle, tribes] of Object.entries(DEMO_MEMBERSHIPS))
    for (const i of tribes)
      if (!memberEmails[i]!.includes(`${handle}@${DEMO_EMAIL_DOMAIN}`)) memberEmails[i]!.push(`${handle}@${DEMO_EMAIL_DOMAIN}`);
  const posts = planPosts(r, memberEmails, localeOf, now);
  const campaigns = DEMO_CAMPAIGNS.map((c, i) => planDonations(r, c, i, localeOf, now));

  // Pictures and password hashes at once: sharp and argon2 both run on libuv's thread pool.
  // One hash (and salt) per account, as for any user: a shared salt would tell who shares a password.
  const [passwordHashes, avatars, covers, logos, campaignCovers, photos] = await Promise.all([
    Promise.all(DEMO_PEOPLE.map(() => hashPassword(DEMO_PASSWORD))),
    Promise.all(DEMO_PEOPLE.map((p) => renderWebp(avatarSvg(p.name)))),
    Promise.all(
      DEMO_TRIBES.map((t, i) =>
        renderWebp(i % 2 ? patternSvg(seedOf(t.tribe.name), 1200, 400) : landscapeSvg(seedOf(t.tribe.name), 1200, 400)),
      ),
    ),
    Promise.all(DEMO_TRIBES.map((t) => renderWebp(logoSvg(seedOf(`logo:${t.tribe.name}`))))),
    Promise.all(
      DEMO_CAMPAIGNS.map((c) =>
        renderWebp(c.art === 'pattern' ? patternSvg(seedOf(c.title), 1200, 630) : landscapeSvg(seedOf(c.title), 1200, 630)),
      ),
    ),
    Promise.all(
      posts.map((p) =>
        p.photo
          ? renderWebp(p.photo.kind === 'pattern' ? patternSvg(p.photo.seed, 960, 640) : landscapeSvg(p.photo.seed, 960, 640))
          : null,
      ),
    ),
  ]);

  phase('pictures+hashes');
  const rows = await ctx.db
    .insert(usersTable)
    .values(
      DEMO_PEOPLE.map((p, i) => {
        const joined = ago(120 - i);
        return {
          name: p.name,
          email: p.email,
          locale: p.locale,
          role: p.role,
          bio: p.bio,
          passwordHash: passwordHashes[i]!,
          emailVerifiedAt: joined,
          lastStep: 'role-selection-completed',
          createdAt: joined,
          updatedAt: joined,
        };
      }),
    )
    .returning();
  const people = new Map<string, UserRow>(rows.map((row) => [row.email!, row]));
  const person = (email: string) => people.get(email)!;
  const fresh = async (email: string) => (await ctx.usersRepo.findById(person(email).id))!;
  // Avatars stored as the avatar upload stores them (avatars/{user}/…webp).
  for (const [i, row] of rows.entries()) {
    const key = `avatars/${row.id}/${randomBytes(12).toString('hex')}.webp`;
    await ctx.storage.put(key, avatars[i]!, 'image/webp');
    await ctx.usersRepo.update(row.id, { avatarKey: key });
  }

  phase('people');
  // Tribes founded about three months ago; a leader's first tribe is their primary one.
  const onboarded = new Set<string>();
  const tribeIds: string[] = [];
  for (const [i, spec] of DEMO_TRIBES.entries()) {
    clock.set(ago(95 - i));
    const leader = await fresh(spec.leader);
    const tribe = await m.tribes.create(leader, spec.tribe);
    onboarded.add(spec.leader);
    tribeIds.push(tribe.id);
    const cover = `tribes/${tribe.id}/cover-${randomBytes(8).toString('hex')}.webp`;
    const logo = `tribes/${tribe.id}/logo-${randomBytes(8).toString('hex')}.webp`;
    await ctx.storage.put(cover, covers[i]!, 'image/webp');
    await ctx.storage.put(logo, logos[i]!, 'image/webp');
    // Straight into the table, as the demo people are: the tribes repo is the tribes module's own.
    await ctx.db.update(tribesTable).set({ coverKey: cover, logoKey: logo }).where(eq(tribesTable.id, tribe.id));
  }
  // Members joined over the weeks after; a person's first tribe is their primary one.
  for (const [i, emails] of memberEmails.entries()) {
    const leader = person(DEMO_TRIBES[i]!.leader);
    for (const [k, email] of emails.entries()) {
      if (email === DEMO_TRIBES[i]!.leader || (await m.tribesRepo.membership(tribeIds[i]!, person(email).id))) continue;
      clock.set(ago(95 - i - 1 - k * 1.2 - r())); // after the founding, before the first post
      const member = await fresh(email);
      const membership = onboarded.has(email)
        ? await m.tribes.join(tribeIds[i]!, member)
        : (await m.tribes.select(member, tribeIds[i]!)).membership;
      onboarded.add(email);
      if (membership.status === 'pending') await m.tribes.updateMember(tribeIds[i]!, leader, member.id, { status: 'active' });
    }
  }
  // Villages registered by members once they had joined, most approved by the leader.
  for (const [i, spec] of DEMO_TRIBES.entries()) {
    const leader = person(spec.leader);
    for (const [k, v] of spec.villages.entries()) {
      clock.set(ago(75 - i - k));
      const village = await m.villages.create(tribeIds[i]!, person(v.by ?? spec.leader), {
        name: v.name,
        lat: v.lat,
        lng: v.lng,
        description: v.description,
        population: v.population,
      });
      if (v.approved !== false) await m.villages.update(village.id, leader, { status: 'approved' });
    }
  }
  // Leaders finished onboarding by creating their tribe.
  for (const spec of DEMO_TRIBES) {
    const leader = await fresh(spec.leader);
    if (leader.lastStep !== 'tribe-selection-completed')
      await ctx.usersRepo.update(leader.id, { lastStep: 'tribe-selection-completed' });
  }

  phase('tribes');
  // Posts, oldest first, each with its likes and comments at their own times.
  const users = new Map<string, UserRow>();
  for (const email of people.keys()) users.set(email, await fresh(email));
  const user = (email: string) => users.get(email)!;
  for (const [i, spec] of posts.entries()) {
    clock.set(spec.at);
    const photo = photos[i];
    const { post } = await m.posts.create(
      user(spec.by),
      { body: spec.body, tribe_id: tribeIds[spec.tribe], visibility: spec.visibility, alt: spec.photo ? [spec.photo.alt] : [] },
      photo ? [photo] : [],
    );
    // Likes straight through the posts repo (it keeps like_count in the same transaction): the
    // service would present the whole post after each of ~600 likes, the slowest part of a first start.
    for (const [k, fan] of spec.likes.entries()) {
      const at = new Date(Math.min(spec.at.getTime() + (k + 1) * 47 * 60_000, now.getTime()));
      await ctx.postsRepo.setMark('like', post.id, user(fan).id, true, at);
    }
    for (const c of spec.comments) {
      clock.set(c.at);
      await m.comments.comment(post.id, user(c.by), c.body);
    }
  }

  phase('posts');
  // Campaigns with donation histories through the ledger: each donor buys tokens (the sandbox
  // provider settles at once) an hour before their first gift, then gives at the planned times.
  const sandbox = ctx.config.payment.provider === 'sandbox';
  for (const [i, spec] of DEMO_CAMPAIGNS.entries()) {
    clock.set(ago(spec.started));
    const campaign = await m.wallet.campaigns.create(
      tribeIds[spec.tribe]!,
      user(spec.by),
      {
        title: spec.title,
        description: spec.description,
        goal: spec.goal,
        ends_at: new Date(now.getTime() + spec.left * DAY).toISOString(),
        milestones: [{ title: 'Halfway', amount: Math.round(spec.goal / 2) }],
      },
      campaignCovers[i]!,
    );
    campaigns[i]!.forEach((d) => (d.campaignId = campaign.id));
  }
  if (sandbox) {
    const gifts = campaigns.flat().sort((a, b) => a.at.getTime() - b.at.getTime());
    const bought = new Set<string>();
    for (const gift of gifts) {
      const donor = user(gift.by);
      if (!bought.has(gift.by)) {
        bought.add(gift.by);
        const total = gifts.filter((g) => g.by === gift.by).reduce((sum, g) => sum + g.amount, 0);
        clock.set(new Date(gift.at.getTime() - HOUR));
        const tokens = Math.ceil((total + 500) / 100) * 100;
        const payment = await m.wallet.wallet.startPurchase(donor, { tokens }, `demo-purchase-${gift.by}`);
        await m.wallet.wallet.completeSandbox(donor, payment.body.payment_id, 'succeeded');
      }
      clock.set(gift.at);
      const body = {
        target_type: 'campaign' as const,
        target_id: gift.campaignId,
        amount: gift.amount,
        message: gift.message,
        anonymous: gift.anonymous,
      };
      // History, not news: no receipt mail and no realtime event for the demo's donations.
      await m.wallet.donations.donate(donor, body, { key: gift.key, locale: localeOf.get(gift.by)!, notify: false });
    }
  }

  phase('campaigns');
  // Four published courses with lessons and a quiz; some members have started them.
  for (const [i, spec] of [{ ...DEMO_COURSE, course: { ...DEMO_COURSE.course } }, ...DEMO_MORE_COURSES].entries()) {
    clock.set(ago(70 - i * 9));
    const author = user(spec.by);
    const course = await m.learning.courses.create(tribeIds[spec.tribe]!, author, {
      ...spec.course,
      cover_url: null,
      drip_days: 0,
    });
    const lessonIds: string[] = [];
    for (const l of spec.lessons)
      lessonIds.push((await m.learning.courses.addLesson(course.id, author, { ...l, video_url: null })).id);
    await m.learning.assessments.create(course.id, author, spec.quiz);
    for (const [k, learner] of spec.learners.entries()) {
      for (const [n, id] of lessonIds.slice(0, learner.lessonsDone).entries()) {
        clock.set(ago(40 - i * 5 - k * 3 - n * 2));
        await m.learning.courses.completeLesson(id, user(learner.email));
      }
    }
  }

  phase('courses');
  await seedEvents(m, clock, now, tribeIds, person);
  phase('events');
  // The node's health and start log now know the demo accounts are here (their password is public).
  await ctx.risks.checkDemoAccounts();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `[demo] ${DEMO_PEOPLE.length} people, ${DEMO_TRIBES.length} tribes, ${posts.length} posts, ${DEMO_CAMPAIGNS.length} campaigns` +
      `${sandbox ? '' : ' (no donations: the payment provider is not the sandbox)'} and 4 courses loaded in ${seconds} s (${phases.join(', ')}); ` +
      'sign in as amina@demo.tribes (password in README.md)',
  );
}

/**
 * The feed: DEMO_POSTS (hand-written, the newest, a few hours apart) after generated posts spread
 * over sixty days, denser lately. Every third post has a photo; authors, likes and comments come
 * from the tribe's members, in each person's language.
 */
function planPosts(r: Rand, members: string[][], localeOf: Map<string, Locale>, now: Date): PlannedPost[] {
  const generated = DEMO_POST_COUNT - DEMO_POSTS.length;
  const out: PlannedPost[] = [];
  const reactions = (tribe: number, by: string, at: Date, likesMax: number) => {
    const others = members[tribe]!.filter((e) => e !== by);
    const likes = others.filter(() => r() < likesMax / Math.max(others.length, 1));
    const comments: PlannedPost['comments'] = [];
    const count = r() < 0.55 ? Math.floor(r() * 4) : 0;
    for (let k = 0; k < count; k++) {
      const commenter = pick(r, others);
      const when = Math.min(at.getTime() + (k + 1) * (1 + r() * 8) * HOUR, now.getTime() - 60_000);
      comments.push({ by: commenter, body: pick(r, DEMO_COMMENT_LINES[localeOf.get(commenter)!]), at: new Date(when) });
    }
    return { likes, comments };
  };
  for (let i = 0; i < generated; i++) {
    const tribe = Math.floor(r() * members.length);
    const by = pick(r, members[tribe]!);
    const locale = localeOf.get(by)!;
    const spec = DEMO_TRIBES[tribe]!;
    const vars = { place: pick(r, spec.villages).name, tribe: spec.tribe.name };
    // From sixty days ago up to two days ago, closer together as the weeks go by.
    const daysAgo = 2 + (DEMO_DAYS - 2.5) * Math.pow(1 - i / generated, 1.3) - r() * 0.3;
    const at = new Date(now.getTime() - daysAgo * DAY);
    const kind = r() < 0.5 ? 'landscape' : 'pattern';
    out.push({
      tribe,
      by,
      body: fill(pick(r, DEMO_POST_LINES[locale]), vars),
      visibility: r() < 0.8 ? 'public' : 'tribe',
      at,
      ...(i % 3 === 0 ? { photo: { kind, seed: seedOf(`post-${i}`), alt: fill(DEMO_ALT[locale][kind], vars) } } : {}),
      ...reactions(tribe, by, at, 2 + r() * 4),
    });
  }
  for (const [i, spec] of DEMO_POSTS.entries()) {
    const at = new Date(now.getTime() - (DEMO_POSTS.length - i) * 5 * HOUR);
    const locale = localeOf.get(spec.by)!;
    const place = DEMO_TRIBES[spec.tribe]!.villages[0]!.name;
    out.push({
      tribe: spec.tribe,
      by: spec.by,
      body: spec.body,
      visibility: spec.visibility,
      at,
      ...(spec.image
        ? {
            photo: {
              kind: spec.image === 'weave' ? ('pattern' as const) : ('landscape' as const),
              seed: seedOf(spec.body),
              alt: fill(DEMO_ALT[locale][spec.image === 'weave' ? 'pattern' : 'landscape'], { place }),
            },
          }
        : {}),
      likes: spec.likes ?? [],
      comments: (spec.comments ?? []).map(([by, body], k) => ({
        by,
        body,
        at: new Date(Math.min(at.getTime() + (k + 1) * HOUR, now.getTime() - 60_000)),
      })),
    });
  }
  return out;
}

interface PlannedGift {
  campaignId: string;
  by: string;
  amount: number;
  message: string;
  anonymous: boolean;
  at: Date;
  key: string;
}

/**
 * A campaign's donations: `donations` gifts adding up to about `reach` of the goal, at times drawn
 * from its shape over its life so far (so its daily chart has a launch, a tail, waves or a push),
 * from people other than the organiser.
 */
function planDonations(
  r: Rand,
  spec: (typeof DEMO_CAMPAIGNS)[number],
  index: number,
  localeOf: Map<string, Locale>,
  now: Date,
): PlannedGift[] {
  const donors = DEMO_PEOPLE.map((p) => p.email).filter((e) => e !== spec.by);
  const weights = Array.from({ length: spec.donations }, () => (r() < 0.1 ? 4 + r() * 4 : 0.4 + r() * 1.6));
  const sum = weights.reduce((a, b) => a + b, 0);
  const life = (spec.started - 0.2) * DAY;
  const start = now.getTime() - spec.started * DAY;
  const when = (): number => {
    const u = r();
    switch (spec.shape) {
      case 'launch':
        return Math.pow(u, 2.4);
      case 'late':
        return 1 - Math.pow(u, 2.4);
      case 'waves':
        return r() < 0.55 ? 0.02 + 0.25 * Math.pow(u, 1.6) : 0.62 + 0.3 * Math.pow(u, 1.6);
      default:
        return u;
    }
  };
  return weights.map((w, k) => {
    const by = pick(r, donors);
    return {
      campaignId: '',
      by,
      amount: Math.max(10, Math.round((spec.goal * spec.reach * w) / sum / 10) * 10),
      message: pick(r, DEMO_DONATION_LINES[localeOf.get(by)!]),
      anonymous: r() < 0.15,
      at: new Date(start + DAY * 0.05 + when() * life),
      key: `demo-donation-${index}-${k}`,
    };
  });
}

/** The zone nearest a place among the demo's zones. */
function demoZone(lat: number, lng: number): string {
  const d = ([, a, b]: (typeof DEMO_ZONES)[number]) => (a - lat) ** 2 + (b - lng) ** 2;
  return [...DEMO_ZONES].sort((x, y) => d(x) - d(y))[0]![0];
}

/**
 * Each tribe's gatherings, through the events service on the seed's clock: one past (members went), one
 * in five days at its first village (public, a capacity, answers), and a weekly online circle begun two
 * weeks ago at 19:00 in the tribe's zone.
 */
async function seedEvents(
  m: ReturnType<typeof clockedModules>,
  clock: ReturnType<typeof createManualClock>,
  now: Date,
  tribeIds: string[],
  person: (email: string) => UserRow,
): Promise<void> {
  for (const [i, spec] of DEMO_TRIBES.entries()) {
    const village = spec.villages[0]!;
    const zone = demoZone(village.lat, village.lng);
    const leader = person(spec.leader);
    const vars = { place: village.name };
    // 19:00 local on a day `days` from now, as an instant.
    const at = (days: number) => {
      const local = Temporal.Instant.fromEpochMilliseconds(now.getTime() + days * DAY).toZonedDateTimeISO(zone);
      return new Date(local.with({ hour: 19, minute: 0, second: 0, millisecond: 0 }).epochMilliseconds);
    };
    const make = async (days: number, body: Omit<CreateEventData, 'starts_at' | 'ends_at' | 'time_zone'>, hours = 2) => {
      clock.set(new Date(now.getTime() - 30 * DAY));
      const start = at(days);
      return m.events.events.create(tribeIds[i]!, leader, {
        ...body,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + hours * HOUR).toISOString(),
        time_zone: zone,
      });
    };
    const villageId = (await m.villages.list(tribeIds[i]!, leader, { status: 'approved', limit: 1 })).items[0]?.id;
    const place = villageId ? { village_id: villageId } : { name: village.name, lat: village.lat, lng: village.lng };
    const past = await make(-12, { ...fillEvent(DEMO_EVENTS.past, vars), place, visibility: 'tribe', capacity: null });
    const upcoming = await make(5, { ...fillEvent(DEMO_EVENTS.upcoming, vars), place, visibility: 'public', capacity: 25 }, 6);
    const weekly = await make(
      -14,
      {
        ...DEMO_EVENTS.weekly,
        place: { online_url: 'https://meet.jit.si/tribes-demo-circle', name: 'Jitsi' },
        visibility: 'tribe',
        capacity: null,
        repeat: { freq: 'weekly' },
      },
      1,
    );
    // Members answered as they would: going to the past one (answered before it), the coming ones now.
    for (const [k, email] of [spec.leader, ...spec.members].entries()) {
      const who = person(email);
      clock.set(new Date(now.getTime() - 20 * DAY));
      await m.events.rsvps.rsvp(past.id, who, { status: 'going' });
      clock.set(new Date(now.getTime() - (k + 1) * HOUR));
      await m.events.rsvps.rsvp(upcoming.id, who, { status: k % 3 === 2 ? 'interested' : 'going', guests: k % 2 });
      const next = await m.events.events.get(weekly.id, who, undefined);
      await m.events.rsvps.rsvp(weekly.id, who, { status: 'going', occurrence: next.occurrence ?? undefined });
    }
  }
  clock.set(now);
}

const fillEvent = (text: { title: string; description: string }, vars: Record<string, string>) => ({
  title: fill(text.title, vars),
  description: fill(text.description, vars),
});
