import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Agent } from 'node:https';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { LIMITS as SIZE_LIMITS, translate } from '@tribes/shared';
import { authGuard } from './core/auth-guard.js';
// The users module widens `req.auth.user` to its row (declaration merging): imported here, the widening is
// part of every program that builds the app (the server, and the bench and scripts that boot it).
import type {} from './modules/users/index.js';
import { systemClock, type Clock } from './core/clock.js';
import { trustProxyOption, type Config } from './core/config.js';
import { createContext, type AppContext } from './composition.js';
import type { Database } from './core/db/client.js';
import { handleClientError } from './core/client-error.js';
import { registerErrorHandling, registerNotFound } from './core/error-handler.js';
import { trackRequests, type HttpDrain } from './core/drain.js';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeoutOptions, type HttpTimeouts } from './core/http-timeouts.js';
import { requestLocale } from './core/i18n.js';
import { loggerOptions, logRouteTemplates } from './core/logger.js';
import { createMetrics, registerMetrics } from './core/metrics.js';
import type { Mailer } from './core/mail/mailer.js';
import { registerRateLimit } from './core/rate-limit.js';
import { openApiTransform } from './core/route.js';
import { registerSecurity } from './core/security.js';
import { createPageMetaLookup } from './core/page-meta.js';
import { API_PREFIXES, registerStatic } from './core/static.js';
import { zodValidatorCompiler } from './core/validation.js';
import { createRealtime, type RealtimeOptions } from './realtime/realtime.js';
import { realtimeRoutes } from './realtime/realtime.routes.js';
import { authRoutes } from './modules/auth/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { searchRoutes } from './modules/search/index.js';
import { digestRoutes } from './modules/digest/index.js';
import { exportsRoutes } from './modules/exports/index.js';
import { pushRoutes } from './modules/push/index.js';
import { notificationsRoutes, unsubscribeOneClickRoutes } from './modules/notifications/index.js';
import { oidcRoutes } from './modules/oidc/index.js';
import { cryptoRoutes } from './modules/crypto/index.js';
import { webhooksRoutes } from './modules/wallet/index.js';
import { walletRoutes } from './modules/wallet/index.js';
import { treasuryRoutes } from './modules/treasury/index.js';
import { passkeysRoutes } from './modules/passkeys/index.js';
import { peopleRoutes } from './modules/people/index.js';
import { createBlockSource } from './modules/people/index.js';
import { createSessionSource } from './modules/auth/index.js';
import { postsRoutes } from './modules/posts/index.js';
import { systemRoutes } from './modules/system/index.js';
import { tribesRoutes } from './modules/tribes/index.js';
import { twoFactorRoutes } from './modules/twofactor/index.js';
import { reauthRoutes } from './modules/reauth/index.js';
import { accountEmailRoutes } from './modules/account-email/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { usersRoutes } from './modules/users/index.js';
import { villagesRoutes } from './modules/villages/index.js';
import { learningRoutes } from './modules/learning/index.js';
import { identityRoutes } from './modules/identity/index.js';

/**
 * The services a route plugin declares it uses, taken from the composition: each plugin receives
 * only those (issue 38.2), never the composition root, a repo or a database handle.
 */
function servicesFor<K extends keyof AppContext>(ctx: AppContext, ...keys: K[]): Pick<AppContext, K> {
  return Object.fromEntries(keys.map((key) => [key, ctx[key]])) as Pick<AppContext, K>;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Realtime tuning for tests (short activity timeouts, a connection cap). */
  realtime?: Pick<RealtimeOptions, 'activityTimeoutSeconds' | 'pongTimeoutMs' | 'maxConnections'>;
  /** HTTP timeouts (tests shorten them); DESIGN 10.1 values by default. */
  timeouts?: Partial<HttpTimeouts>;
  /** How often old throttle hits are deleted (tests shorten it); every 10 minutes by default. */
  throttlePruneMs?: number;
  /** The HTTPS agent for push services (tests: one that trusts their local push service). */
  pushAgent?: Agent;
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The HTTP side of a stop: readiness, the listener, the requests in flight (src/shutdown.ts). */
    httpDrain: HttpDrain;
  }
}

/** Builds the whole HTTP app; main.ts listens with it, tests call app.inject on it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: () => randomUUID(),
    bodyLimit: SIZE_LIMITS.jsonBodyMaxBytes,
    // X-Forwarded-For is believed only from TRUST_PROXY's hops or addresses; by default request.ip
    // is the socket's peer, so a rotated header cannot reset a per-IP limit.
    trustProxy: trustProxyOption(config.trustProxy),
    ...httpTimeoutOptions({ ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts }),
    clientErrorHandler: handleClientError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // Router-level refusals (a bad URL encoding, an over-long path parameter) in the envelope too.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as unknown as FastifyReply)
        .code(status)
        .send({ status: 'error', message: translate(requestLocale(request), 'errors.bad_request') });
    },
  });
  const httpDrain = trackRequests(app.server);
  app.decorate('httpDrain', httpDrain);
  const realtime = await createRealtime({
    appId: config.reverb.appId,
    appKey: config.reverb.key,
    secret: config.reverb.secret,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    logger: app.log,
    // Live deliveries respect blocks: the realtime service reads them through the people module's port.
    blocks: createBlockSource(options.database.db),
    // Revoked sessions end their sockets: the realtime service reads which are live through the auth module's port.
    sessions: createSessionSource(options.database.db),
    ...options.realtime,
  });
  realtime.attach(app.server);
  // Prometheus series, only with METRICS_TOKEN (DESIGN 11.1): made before the context, whose mailer counts
  // lost mail into them; the gauges read the hub and the job queue when scraped.
  const metrics = config.metricsToken
    ? createMetrics({
        realtimeConnections: () => realtime.hub.connectionCount,
        jobStates: () => ctx.jobs.stateCounts(),
        onCollectError: (err) => app.log.warn({ err }, 'metrics: job counts unavailable'),
      })
    : undefined;
  const ctx = createContext({
    realtime,
    config,
    database: options.database,
    clock: options.clock ?? systemClock,
    logger: app.log,
    mailer: options.mailer,
    pushAgent: options.pushAgent,
    onMailFailedForGood: metrics && (() => metrics.mailFailed.inc()),
  });
  app.decorate('ctx', ctx);
  logRouteTemplates(app);
  registerMetrics(app, { token: config.metricsToken, metrics });
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', async (request, reply) => {
    request.locale = requestLocale(request);
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  registerErrorHandling(app);

  await registerSecurity(app, config.publicUrl, config.firebase);
  // With several nodes, IP and account limits must be counted in one place: Redis when configured.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true })
    : undefined;
  redis?.on('error', (err: Error) => app.log.warn({ err: { name: err.name, message: err.message } }, 'redis error'));
  // Connect before serving: a limit counted while Redis is still connecting would be lost.
  await redis?.connect();
  await registerRateLimit(app, config.rateLimitScale, redis);
  await app.register(multipart, {
    limits: { fileSize: SIZE_LIMITS.avatarMaxBytes, files: 4, fields: 20, parts: 30, fieldSize: 64 * 1024 },
  });
  await app.register(authGuard, {
    tokens: ctx.tokens,
    now: () => ctx.clock.now(),
    reauthWindowSeconds: config.reauthWindowSeconds,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tribes API',
        version: '1.0.0',
        description: 'Envelope: { status, message, data }. See DESIGN.md section 4.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        ctx: { config: ctx.config, jobs: ctx.jobs, realtime: ctx.realtime, risks: ctx.risks, database: ctx.databaseProbe },
        node: {
          get draining() {
            return httpDrain.draining;
          },
          // The connection's own state, no round trip: ioredis reconnects by itself and says 'ready' again.
          redis: () => (redis ? (redis.status === 'ready' ? 'up' : 'down') : undefined),
        },
      });
      await api.register(authRoutes, { ctx: servicesFor(ctx, 'auth', 'otp', 'tokens', 'users') });
      await api.register(usersRoutes, { ctx: servicesFor(ctx, 'tokens', 'users') });
      await api.register(contactRoutes, { ctx: servicesFor(ctx, 'contact') });
      await api.register(tribesRoutes, { ctx: servicesFor(ctx, 'tribes', 'invites', 'users', 'villages') });
      await api.register(villagesRoutes, { ctx: servicesFor(ctx, 'villages') });
      await api.register(postsRoutes, { ctx: servicesFor(ctx, 'comments', 'feed', 'people', 'posts', 'reports', 'tribes') });
      await api.register(peopleRoutes, { ctx: servicesFor(ctx, 'people') });
      await api.register(searchRoutes, { ctx: servicesFor(ctx, 'search', 'translation') });
      await api.register(notificationsRoutes, { ctx: servicesFor(ctx, 'notifications') });
      await api.register(walletRoutes, { ctx: servicesFor(ctx, 'campaigns', 'donations', 'ledgerView', 'wallet') });
      await api.register(treasuryRoutes, { ctx: servicesFor(ctx, 'expenses', 'funds', 'pledges', 'receipts') });
      await api.register(webhooksRoutes, { ctx: servicesFor(ctx, 'wallet') });
      await api.register(cryptoRoutes, { ctx: servicesFor(ctx, 'cryptoWallets') });
      await api.register(learningRoutes, { ctx: servicesFor(ctx, 'learning') });
      await api.register(identityRoutes, { ctx: servicesFor(ctx, 'identity', 'users') });
      await api.register(oidcRoutes, { ctx: servicesFor(ctx, 'config', 'oidc') });
      await api.register(passkeysRoutes, { ctx: servicesFor(ctx, 'passkeys', 'users') });
      await api.register(twoFactorRoutes, { ctx: servicesFor(ctx, 'twoFactor', 'users') });
      await api.register(reauthRoutes, { ctx: servicesFor(ctx, 'reauth') });
      await api.register(accountEmailRoutes, { ctx: servicesFor(ctx, 'accountEmail', 'users') });
      await api.register(digestRoutes, { ctx: servicesFor(ctx, 'digest') });
      await api.register(pushRoutes, { ctx: servicesFor(ctx, 'push') });
      await api.register(exportsRoutes, { ctx: servicesFor(ctx, 'exports') });
      await api.register(adminRoutes, { ctx: servicesFor(ctx, 'admin', 'moderation') });
      await api.register(moderationRoutes, { ctx: servicesFor(ctx, 'moderation') });
    },
    { prefix: '/api' },
  );
  await app.register(realtimeRoutes, {
    ctx: { realtime: ctx.realtime, storage: ctx.storage, memberships: ctx.tribesRepo },
  });
  await app.register(unsubscribeOneClickRoutes, { ctx: servicesFor(ctx, 'notifications') });

  const servesWeb = await registerStatic(app, {
    storage: ctx.storage,
    formerlyPublic: ctx.formerlyPublicMedia,
    webDistDir: config.webDistDir ?? DEFAULT_WEB_DIST,
    pageMeta: {
      lookup: createPageMetaLookup(ctx, (err) => app.log.warn({ err }, 'page preview lookup failed')),
      publicUrl: config.publicUrl,
    },
  });
  registerNotFound(app, servesWeb ? { apiPrefixes: API_PREFIXES } : null);
  // The media store's connections (an S3 client's sockets) go with the app.
  app.addHook('onClose', () => ctx.storage.close());

  // The throttle's table keeps only what its windows can still count (a day at most).
  const stopPruning = ctx.throttle.schedulePrune(options.throttlePruneMs ?? 10 * 60 * 1000, (err) =>
    app.log.warn({ err }, 'throttle prune failed'),
  );
  // The job queue starts with the app (app.ready / listen) and stops first on close, before the mailer
  // it feeds and before the caller closes the database.
  app.addHook('onReady', async () => {
    // Files of once-public folders move to their private place before the first request; a failure
    // leaves them unreachable (their old paths answer 404 regardless), never public, so start anyway.
    for (const folder of ctx.formerlyPublicMedia) {
      const moved = await ctx.storage.privatize(folder).catch((err: unknown) => {
        app.log.error({ err, folder }, 'moving formerly public media to private storage failed');
        return 0;
      });
      if (moved) app.log.info({ folder, moved }, 'formerly public media moved to private storage');
    }
    // Purchases off or unpaid, demo accounts present: said once at start, kept for GET /v1/health.
    ctx.risks.reportPayments();
    await ctx.risks.checkDemoAccounts();
    // OPERATOR_EMAILS (DESIGN 11.2): their verified accounts are operators from the start.
    await ctx.operators.grantConfigured();
    await ctx.jobs.start();
  });
  app.addHook('onClose', async () => {
    await stopPruning();
    await ctx.jobs.stop();
    await ctx.push.flush();
    // Exports built in-process (no job queue) finish before the mailer and the database close.
    await ctx.exports.flush();
    await ctx.mailer.close();
    await realtime.close();
    redis?.disconnect();
  });
  return app;
}
