import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { TribesRepo } from '../tribes/tribes.repo.js';
import { createAssessmentsService } from './assessments.service.js';
import { createCertificatesService } from './certificates.service.js';
import { createCoursesService } from './courses.service.js';
import { createCourseAccess, createCourseLoader } from './learning.access.js';
import { createLearningRepo } from './learning.repo.js';

/** Wires the learning center's services (the composition root calls this once). */
export function createLearning({
  db,
  tribes,
  clock,
  publicUrl,
}: {
  db: Db;
  tribes: TribesRepo;
  clock: Clock;
  publicUrl: string;
}) {
  const repo = createLearningRepo(db);
  const transact = createTransact(db);
  const access = createCourseAccess({ repo, tribes });
  const loader = createCourseLoader({ repo, clock });
  return {
    repo,
    courses: createCoursesService({ repo, tribes, access, loader, clock, transact }),
    assessments: createAssessmentsService({ repo, access, clock, transact }),
    certificates: createCertificatesService({ repo, access, publicUrl }),
  };
}

export type Learning = ReturnType<typeof createLearning>;
