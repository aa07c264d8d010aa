import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribeReads } from '../tribes/index.js';
import { createAssessmentsService } from './assessments.service.js';
import { createCertificatesService } from './certificates.service.js';
import { createCoursesService } from './courses.service.js';
import { createCourseAccess, createCourseLoader } from './learning.access.js';
import { createLearningRepo } from './learning.repo.js';

export const DRIP_LESSONS_QUEUE = 'drip-lessons';

/** Wires the learning center's services (the composition root calls this once). */
export function createLearning({
  db,
  tribes,
  clock,
  publicUrl,
  notifications,
  jobs,
}: {
  db: Db;
  tribes: TribeReads;
  clock: Clock;
  publicUrl: string;
  notifications?: Pick<NotificationsService, 'notify'>;
  jobs?: Pick<Jobs, 'enabled' | 'define'>;
}) {
  const repo = createLearningRepo(db);
  /** Tells each learner, once, that a drip lesson of their course has opened (DESIGN 10.3); answers how many. */
  const tellOpenedLessons = async (now = clock.now()): Promise<number> => {
    let told = 0;
    for (const o of await repo.dripLessonsOpened(now)) {
      if (!(await repo.markOnce(`lesson-open:${o.lessonId}:${o.userId}`, now))) continue;
      await notifications?.notify(o.userId, 'lesson_opened', null, {
        type: 'lesson',
        id: o.lessonId,
        title: o.title,
        tribe_id: o.tribeId,
      });
      told += 1;
    }
    return told;
  };
  if (jobs?.enabled)
    jobs.define(DRIP_LESSONS_QUEUE, { cron: '*/15 * * * *', handler: async () => void (await tellOpenedLessons()) });
  const transact = createTransact(db);
  const access = createCourseAccess({ repo, tribes });
  const loader = createCourseLoader({ repo, clock });
  return {
    repo,
    courses: createCoursesService({ repo, tribes, access, loader, clock, transact }),
    assessments: createAssessmentsService({ repo, access, clock, transact }),
    certificates: createCertificatesService({ repo, access, publicUrl }),
    tellOpenedLessons,
  };
}

export type Learning = ReturnType<typeof createLearning>;
