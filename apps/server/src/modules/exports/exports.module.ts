import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { Storage } from '#src/core/storage.js';
import type { UserAccounts } from '../users/index.js';
import type { PersonalDataSource } from './exports.ports.js';
import { createExportsRepo } from './exports.repo.js';
import { createExportsService, DATA_EXPORT_QUEUE, EXPIRE_EXPORTS_QUEUE } from './exports.service.js';

/** Wires the data export: its repo, its service over the modules' personal-data sources, and its two queues. */
export function createExportsModule(deps: {
  db: Db;
  /** One per module that holds member data (exports.ports.ts). */
  sources: PersonalDataSource[];
  users: Pick<UserAccounts, 'findById'>;
  storage: Storage;
  mailer: Pick<Mailer, 'enqueue'>;
  jobs: Jobs;
  clock: Clock;
  logger: FastifyBaseLogger;
  appSecret: string;
  publicUrl: URL;
}) {
  const exports = createExportsService({ ...deps, repo: createExportsRepo(deps.db) });
  if (deps.jobs.enabled) {
    deps.jobs.define<{ export_id: string }>(DATA_EXPORT_QUEUE, {
      handler: (job) => exports.build(job.export_id),
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
    });
    deps.jobs.define(EXPIRE_EXPORTS_QUEUE, {
      cron: '23 * * * *',
      handler: async () => void (await exports.expireOld()),
    });
  }
  return { exports };
}
