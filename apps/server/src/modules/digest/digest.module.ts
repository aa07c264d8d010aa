import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import { createDigestRepo } from './digest.repo.js';
import { createDigestService, DIGEST_QUEUE, type DigestEvents } from './digest.service.js';

/** Wires the weekly digest; with the job queue running, a run every 15 minutes mails those whose Monday morning came. */
export function createDigestModule(deps: {
  db: Db;
  mailer: Pick<Mailer, 'enqueue'>;
  clock: Clock;
  publicUrl: URL | string;
  appSecret: string;
  /** Blocks (the people module): no digest line about a person across one. */
  blocks: BlockSource;
  /** The week's events of a tribe (the events module, bound by the composition). */
  events?: DigestEvents;
  jobs?: Pick<Jobs, 'enabled' | 'define'>;
}) {
  const { db, jobs, ...rest } = deps;
  const digest = createDigestService({ repo: createDigestRepo(db), ...rest });
  if (jobs?.enabled) {
    jobs.define(DIGEST_QUEUE, {
      cron: '*/15 * * * *',
      handler: async () => {
        await digest.sendDue();
      },
    });
  }
  return { digest };
}
