import type { Agent } from 'node:https';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './core/clock.js';
import type { Config } from './core/config.js';
import type { Database } from './core/db/client.js';
import { schedulePruneIdempotencyKeys } from './core/db/idempotency.js';
import { createJobs } from './core/jobs/jobs.js';
import { createMailer, type Mailer } from './core/mail/mailer.js';
import { createDiskStorage, type Storage } from './core/storage.js';
import { createS3Storage } from './core/storage-s3.js';
import { createThrottle } from './core/db/throttle.js';
import { createAccountEmailService } from './modules/account-email/index.js';
import { createAdminModule } from './modules/admin/index.js';
import { createContactModule } from './modules/contact/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createCryptoModule } from './modules/crypto/index.js';
import { createLearning, createLearningPersonalData } from './modules/learning/index.js';
import { createIdentityModule } from './modules/identity/index.js';
import { createDigestModule } from './modules/digest/index.js';
import { createEventsModule, createEventsPersonalData } from './modules/events/index.js';
import { createExportsModule } from './modules/exports/index.js';
import { createNotificationsModule } from './modules/notifications/index.js';
import { createOidcModule } from './modules/oidc/index.js';
import { createPasskeysModule } from './modules/passkeys/index.js';
import { createPeopleModule } from './modules/people/index.js';
import { createSearchModule } from './modules/search/index.js';
import { createPushModule } from './modules/push/index.js';
import { createReauthModule } from './modules/reauth/index.js';
import { createDatabaseProbe, createSiteRisks } from './modules/system/index.js';
import { createMessagesModule } from './modules/messages/index.js';
import { createModerationModule } from './modules/moderation/index.js';
import { createPostsModule, createPostsPersonalData } from './modules/posts/index.js';
import { createTribesModule } from './modules/tribes/index.js';
import { createTwoFactorModule } from './modules/twofactor/index.js';
import { createUsersModule, createUsersPersonalData } from './modules/users/index.js';
import { createVillagesModule } from './modules/villages/index.js';
import { createWalletModule, createWalletPersonalData } from './modules/wallet/index.js';
import { createTreasuryModule } from './modules/treasury/index.js';
import type { Realtime } from './realtime/realtime.js';

/**
 * The composition root: everything a request may need, wired once per app. Core infrastructure
 * first (mail, storage, throttle), then each module through its own `<feature>.module.ts`, in the
 * order their dependencies ask. Outside core, because it imports every module and core imports none.
 */
export function createContext(deps: {
  realtime: Realtime;
  config: Config;
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  mailer?: Mailer;
  /** The HTTPS agent for push services (tests trust their own service's certificate through it). */
  pushAgent?: Agent;
  /** Told of each mail that failed for good (the metrics' counter). */
  onMailFailedForGood?: () => void;
}) {
  const { config, database, clock, logger, realtime } = deps;
  const db = database.db;
  // Durable jobs (DESIGN 10.3): queues are defined here, started by the app once it is ready.
  const jobs = createJobs({
    db,
    logger,
    enabled: config.jobs.enabled,
    maintenanceSeconds: config.jobs.maintenanceSeconds,
  });
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger,
      jobs,
      retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
      appSecret: config.appSecret,
      onFailedForGood: deps.onMailFailedForGood,
    });
  // Media on disk under DATA_DIR, or in an S3-compatible bucket that every node shares (STORAGE_URL).
  const storage: Storage = config.storage
    ? createS3Storage(config.storage, {
        secret: config.appSecret,
        now: () => clock.now(),
        onError: (failure) => logger.warn(failure, 'media store call failed'),
      })
    : createDiskStorage(path.join(config.dataDir, 'uploads'), config.appSecret, () => clock.now());
  const throttle = createThrottle(db, clock, config.rateLimitScale);
  // Money and outbox writes remember their Idempotency-Key for IDEMPOTENCY_TTL_HOURS, then the queue forgets it.
  schedulePruneIdempotencyKeys({ jobs, db, clock });

  const authModule = createAuthModule({ db, clock, bus: realtime.bus, log: logger });
  // Operators and the gate every sign-in passes (suspensions, OPERATOR_EMAILS; DESIGN 11.2), before sign-in is made.
  const adminModule = createAdminModule({ db, clock, operatorEmails: config.operatorEmails });
  const users = createUsersModule({
    db,
    tokens: authModule.tokens,
    passwords: authModule.passwords,
    storage,
    clock,
    // The exports are made below (they read the users' repo): bound late, called only when an account is deleted.
    accountFiles: { forget: (userId) => dataExports.forgetUser(userId) },
  });
  // The passkey check serves the second factor too, which is made before sign-in (it asks its gate on every way in).
  const passkeysModule = createPasskeysModule({ db, clock, publicUrl: config.publicUrl });
  const { twoFactor } = createTwoFactorModule({
    db,
    clock,
    users: users.accounts,
    tokens: authModule.tokens,
    throttle,
    mailer,
    appSecret: config.appSecret,
    passkeys: passkeysModule.assertions,
    accountGate: adminModule.operators.gate,
  });
  const { tokens, otp, auth, signIn } = authModule.withUsers({
    users: users.accounts,
    mailer,
    throttle,
    appSecret: config.appSecret,
    secondFactor: twoFactor.gate,
    accountGate: adminModule.operators.gate,
  });
  // Blocks first: notifications, the digest and the members list keep people across one apart (DESIGN 11.7).
  const { people, blocks } = createPeopleModule({ db, users: users.accounts, storage, clock, realtime });
  const { notifications } = createNotificationsModule({
    db,
    users: users.accounts,
    storage,
    realtime,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    appSecret: config.appSecret,
    blocks,
  });
  const { push } = createPushModule({ db, config, clock, logger, jobs, notifications, agent: deps.pushAgent });
  const tribes = createTribesModule({
    db,
    users: users.accounts,
    storage,
    clock,
    notifications,
    realtime,
    blocks,
    publicUrl: config.publicUrl,
    // The treasury is made below (it needs the tribes' reads): bound late, called only per request.
    expensesAwaiting: (tribeId, userId) => expenses.awaitingDecision(tribeId, userId),
  });
  const { villages } = createVillagesModule({ db, tribes: tribes.reads, clock, notifications });
  // Events at villages (DESIGN 11.3): RSVPs, reminders by the job queue, calendars.
  const eventsModule = createEventsModule({
    db,
    tribes: tribes.reads,
    users: users.accounts,
    clock,
    storage,
    notifications,
    blocks,
    jobs,
    publicUrl: config.publicUrl,
    appSecret: config.appSecret,
  });
  const posts = createPostsModule({
    db,
    tribesRepo: tribes.reads,
    tribes: tribes.tribes,
    storage,
    clock,
    realtime,
    notifications,
  });
  const wallet = createWalletModule({ db, config, tribes: tribes.reads, storage, clock, mailer, realtime, notifications, jobs });
  const { expenses, funds, pledges, receipts, formerlyPublicMedia } = createTreasuryModule({
    db,
    ledger: wallet.ledger,
    tribes: tribes.reads,
    campaigns: wallet.campaignReads,
    clock,
    storage,
    twoFactor,
    notifications,
    donations: wallet.donations,
    users: users.accounts,
    jobs,
  });
  const { cryptoWallets } = createCryptoModule({ db, clock, publicUrl: config.publicUrl });
  const learning = createLearning({ db, tribes: tribes.reads, clock, publicUrl: config.publicUrl.href, notifications, jobs });
  const { passkeys } = passkeysModule.withSignIn({ users: users.accounts, signIn });
  const { identity, identities } = createIdentityModule({
    db,
    config,
    clock,
    users: users.accounts,
    passkeys: passkeysModule.userPasskeys,
    signIn,
    tokens,
    logger,
  });
  const accountEmail = createAccountEmailService({ users: users.accounts, otp, mailer, throttle, clock });
  const { digest } = createDigestModule({
    db,
    mailer,
    clock,
    publicUrl: config.publicUrl,
    appSecret: config.appSecret,
    blocks,
    // The coming week's events in each tribe's section (DESIGN 11.3), from the events module.
    events: { datesOf: (tribeId, from, to) => eventsModule.eventLists.datesOf(tribeId, from, to) },
    jobs,
  });
  const { reauth } = createReauthModule({
    users: users.accounts,
    tokens,
    otp,
    twoFactor,
    passkeys: passkeysModule.assertions,
    throttle,
    clock,
    windowSeconds: config.reauthWindowSeconds,
  });
  const { oidc } = createOidcModule({ db, config, clock, users: users.accounts, identities, signIn, logger });
  const { contact } = createContactModule({ db, mailer, operatorEmail: config.operatorEmail });
  // Search and translation (DESIGN 11.5); the events module adds its searcher here when it comes.
  const { search, translation } = createSearchModule({
    db,
    storage,
    clock,
    translation: config.translation,
    meili: config.meili,
    // Tests find a write by the next search: the index is then brought up to date before it answers.
    meiliWait: config.env === 'test',
    warn: (fields, message) => logger.warn(fields, message),
  });
  const risks = createSiteRisks({ config, users: users.accounts, logger });
  // Messages (DESIGN 11.4): reports reach the moderation module (made below) through this late-bound port.
  const messagesModule = createMessagesModule({
    db,
    clock,
    storage,
    realtime,
    blocks,
    notifications,
    users: users.accounts,
    reports: { reportMessage: (user, snapshot, reason) => moderation.reportMessage(user, snapshot, reason) },
    jobs,
  });
  // The member's data export (DESIGN 11.2): one source per module that holds member data (modules/exports/exports.ports.ts).
  const { exports: dataExports } = createExportsModule({
    db,
    sources: [
      createUsersPersonalData(users.accounts),
      createPostsPersonalData(db),
      createWalletPersonalData(db),
      createLearningPersonalData(db),
      createEventsPersonalData(db),
      messagesModule.personalData,
    ],
    users: users.accounts,
    storage,
    mailer,
    jobs,
    clock,
    logger,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });
  const { admin } = adminModule.withServices({
    tokens,
    notifications,
    twoFactor,
    passkeys: passkeysModule.assertions,
    live: {
      connections: () => realtime.hub.connectionCount,
      failedJobs: async () => (await jobs.stateCounts()).filter((c) => c.state === 'failed').reduce((sum, c) => sum + c.count, 0),
    },
  });
  // Reports to the operators, notices and appeals (DESIGN 11.2): content acts through the posts module's port.
  const { moderation } = createModerationModule({ db, clock, storage, content: posts.content, admin, notifications });
  return {
    /** The operators' console (DESIGN 11.2). */
    admin,
    /** Reports to the operators, members' notices and appeals (DESIGN 11.2). */
    moderation,
    /** Conversations: starting, listing, requests, read markers, mute (DESIGN 11.4). */
    conversations: messagesModule.conversations,
    /** Messages: threads, sending, edits, tombstones, reports, unread notices (DESIGN 11.4). */
    messages: messagesModule.messages,
    /** Who may join a conversation's private channel (realtime channel auth). */
    conversationChannels: messagesModule.channels,
    /** Who is an operator: OPERATOR_EMAILS at start-up and sign-in, `npm run operator`. */
    operators: adminModule.operators,
    learning,
    /** Firebase sign-in and the account's sign-in methods (DESIGN 10.2). */
    identity,
    cryptoWallets,
    ledger: wallet.ledger,
    wallet: wallet.wallet,
    campaigns: wallet.campaigns,
    donations: wallet.donations,
    ledgerView: wallet.ledgerView,
    /** Expenses: proposals and leaders' approvals (DESIGN 10.4). */
    expenses,
    /** A tribe's funds: balances, expenses' payouts and refunds of donations, through the ledger (DESIGN 10.4). */
    funds,
    /** Monthly gifts, taken by the job queue (DESIGN 10.4). */
    pledges,
    /** Donor receipts and yearly statements as PDFs. */
    receipts,
    realtime,
    config,
    database,
    /** What readiness and health ask of the database (the system routes get this, never the handle). */
    databaseProbe: createDatabaseProbe(database),
    db,
    clock,
    /** The durable job queue (mail, scheduled work). */
    jobs,
    mailer,
    storage,
    /**
     * Media folders that were public once and are private now (expense receipts, DESIGN 11.7): moved
     * under private/ when the app starts, their old public paths answer 404.
     */
    formerlyPublicMedia,
    throttle,
    tokens,
    otp,
    auth,
    /** Every sign-in path turns a user into a session (or a 2FA challenge) through this. */
    signIn,
    /** OpenID Connect sign-in and linking (DESIGN 10.2). */
    oidc,
    /** Adding or changing the account's email with a code (issue 13). */
    accountEmail,
    /** The weekly digest mail and its preview (DESIGN 10.3). */
    digest,
    /** Contact and feedback messages to the operator. */
    contact,
    /** Search over people, posts and tribes (DESIGN 11.5). */
    search,
    /** Translation of posts and comments through TRANSLATE_PROVIDER (DESIGN 11.5). */
    translation,
    /** The member's data export: a ZIP by a job, mailed as a signed link (DESIGN 11.2). */
    exports: dataExports,
    /** Confirming a session's owner before sensitive acts ("sudo mode", DESIGN 11.7). */
    reauth,
    /** TOTP second factor: enrolment, recovery codes, challenges (DESIGN 10.2). */
    twoFactor,
    users: users.users,
    /** The accounts port (the seed and tests read and write accounts through it; routes never see it). */
    usersRepo: users.accounts,
    /** Tribes and memberships as other modules read them (realtime's channel auth; the seed and tests). */
    tribesRepo: tribes.reads,
    tribes: tribes.tribes,
    /** Invite links of tribes (DESIGN 10.5). */
    invites: tribes.invites,
    villages,
    /** Events of tribes, their lists, RSVPs and calendars (DESIGN 11.3). */
    events: eventsModule.events,
    eventLists: eventsModule.eventLists,
    rsvps: eventsModule.rsvps,
    calendars: eventsModule.calendars,
    /** Reminders due at a moment (the job queue sends them; tests and the seed call it). */
    eventReminders: eventsModule.eventReminders,
    /** The seed marks its demo posts through this (routes never see it). */
    postsRepo: posts.repo,
    /** The reader's feed and the other lists of posts. */
    feed: posts.feed,
    posts: posts.posts,
    comments: posts.comments,
    reports: posts.reports,
    people,
    /** Who is on either side of a block with a user (the people module's port). */
    blocks,
    notifications,
    /** Web Push: subscriptions and the push channel of notify() (DESIGN 10.3). */
    push,
    passkeys,
    /** What the start log and GET /v1/health tell operators: purchases off or unpaid, demo accounts present (DESIGN 11.1). */
    risks,
  };
}

export type AppContext = ReturnType<typeof createContext>;
