import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#src/core/clock.js';
import type { Config } from '#src/core/config.js';
import type { Db } from '#src/core/db/client.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { NotificationsService } from '../notifications/index.js';
import { createPushRepo } from './push.repo.js';
import { createPushService } from './push.service.js';

/** Wires Web Push and plugs it into notify() as the push channel. */
export function createPushModule(deps: {
  db: Db;
  config: Pick<Config, 'push'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  jobs: Jobs;
  notifications: Pick<NotificationsService, 'setPush'>;
  agent?: Agent;
}) {
  const { publicKey, privateKey, subject, allowPrivateEndpoints } = deps.config.push;
  const push = createPushService({
    repo: createPushRepo(deps.db),
    clock: deps.clock,
    logger: deps.logger,
    jobs: deps.jobs,
    vapid: { publicKey, privateKey, subject },
    allowPrivateEndpoints,
    agent: deps.agent,
  });
  deps.notifications.setPush(push);
  return { push };
}
