import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createAuthRepo } from '#src/modules/auth/auth.repo.js';
import { createAuthService } from '#src/modules/auth/auth.service.js';
import { createOtpService } from '#src/modules/auth/otp.service.js';
import { createTokensService } from '#src/modules/auth/tokens.service.js';
import { createNotificationsRepo } from '#src/modules/notifications/notifications.repo.js';
import { createNotificationsService } from '#src/modules/notifications/notifications.service.js';
import { createCryptoWalletsService } from '#src/modules/crypto/crypto.service.js';
import { createCampaignsService } from '#src/modules/wallet/campaigns.service.js';
import { createDonationsService } from '#src/modules/wallet/donations.service.js';
import { createLedger } from '#src/modules/wallet/ledger.repo.js';
import { createLedgerView } from '#src/modules/wallet/ledger-view.service.js';
import { createStripeProvider, sandboxProvider } from '#src/modules/wallet/payment-providers.js';
import { createWalletService } from '#src/modules/wallet/wallet.service.js';
import { createPeopleRepo } from '#src/modules/people/people.repo.js';
import { createPeopleService } from '#src/modules/people/people.service.js';
import { createModerationRepo } from '#src/modules/posts/moderation.repo.js';
import { createPostsRepo } from '#src/modules/posts/posts.repo.js';
import { createPostsService } from '#src/modules/posts/posts.service.js';
import { createReportsService } from '#src/modules/posts/reports.service.js';
import { createTribesRepo } from '#src/modules/tribes/tribes.repo.js';
import { createTribesService } from '#src/modules/tribes/tribes.service.js';
import { createUsersRepo } from '#src/modules/users/users.repo.js';
import { createUsersService } from '#src/modules/users/users.service.js';
import { createVillagesRepo } from '#src/modules/villages/villages.repo.js';
import { createVillagesService } from '#src/modules/villages/villages.service.js';
import { createLearning } from '#src/modules/learning/learning.module.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createDiskStorage, type Storage } from './storage.js';
import { createThrottle } from './throttle.js';

/** Everything a request may need, wired once per app: the composition root. */
export function createContext(deps: {
  realtime: Realtime;
  config: Config;
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  mailer?: Mailer;
}) {
  const { config, database, clock, logger } = deps;
  const db = database.db;
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const storage: Storage & { root: string } = createDiskStorage(path.join(config.dataDir, 'uploads'), config.appSecret, () =>
    clock.now(),
  );
  const throttle = createThrottle(db, clock, config.rateLimitScale);
  const usersRepo = createUsersRepo(db);
  const authRepo = createAuthRepo(db);
  const tokens = createTokensService({ repo: authRepo, clock });
  const otp = createOtpService({ repo: authRepo, users: usersRepo, mailer, throttle, clock, appSecret: config.appSecret });
  const auth = createAuthService({ repo: authRepo, users: usersRepo, tokens, otp, throttle, clock });
  const users = createUsersService({ users: usersRepo, tokens, storage, clock });
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(db),
    users: usersRepo,
    storage,
    realtime: deps.realtime,
    clock,
  });
  const tribesRepo = createTribesRepo(db);
  const tribes = createTribesService({ repo: tribesRepo, users: usersRepo, storage, clock, notifications });
  const villages = createVillagesService({ repo: createVillagesRepo(db), tribes: tribesRepo, clock, notifications });
  const postsRepo = createPostsRepo(db);
  const moderation = createModerationRepo(db);
  const posts = createPostsService({
    repo: postsRepo,
    moderation,
    tribes: tribesRepo,
    storage,
    clock,
    realtime: deps.realtime,
    notifications,
  });
  const reports = createReportsService({ moderation, posts: postsRepo, postsService: posts, tribesRepo, tribes, clock });
  const people = createPeopleService({ repo: createPeopleRepo(db), users: usersRepo, storage, clock, realtime: deps.realtime });
  const realtime = deps.realtime;
  const ledger = createLedger(db);
  const paymentProvider = config.payment.provider === 'stripe' ? createStripeProvider(config) : sandboxProvider;
  const wallet = createWalletService({
    ledger,
    clock,
    tokenPriceCents: config.payment.tokenPriceCents,
    provider: paymentProvider,
    publicUrl: config.publicUrl,
  });
  const campaigns = createCampaignsService({ ledger, tribes: tribesRepo, storage, clock });
  const donations = createDonationsService({ ledger, tribes: tribesRepo, clock, mailer, realtime: deps.realtime });
  const ledgerView = createLedgerView({ ledger, tribes: tribesRepo });
  const cryptoWallets = createCryptoWalletsService({ db, clock, publicUrl: config.publicUrl });
  const learning = createLearning({ db, tribes: tribesRepo, clock, publicUrl: config.publicUrl.href });
  return {
    learning,
    cryptoWallets,
    ledger,
    wallet,
    campaigns,
    donations,
    ledgerView,
    realtime,
    config,
    database,
    db,
    clock,
    mailer,
    storage,
    throttle,
    tokens,
    otp,
    auth,
    users,
    usersRepo,
    tribesRepo,
    tribes,
    villages,
    postsRepo,
    posts,
    reports,
    people,
    notifications,
  };
}

export type AppContext = ReturnType<typeof createContext>;
