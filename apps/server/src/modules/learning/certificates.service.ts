import { LEARNING_ERRORS, type CertificateVerification, type Locale } from '@tribes/shared';
import { conflict, notFound } from '#src/core/errors.js';
import type { UserRow } from '../users/index.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import type { CourseAccessService } from './learning.access.js';
import { presentCertificate } from './learning.presenter.js';
import type { LearningRepo } from './learning.repo.js';

interface Deps {
  repo: LearningRepo;
  access: CourseAccessService;
  publicUrl: string;
}

/** Certificates: the learner's PDF, and a public record anyone can check by id. */
export function createCertificatesService({ repo, access, publicUrl }: Deps) {
  /** The web page that shows the public record (the app's /certificates/{id}), not the API behind it. */
  const verifyUrl = (id: string) => `${publicUrl.replace(/\/+$/, '')}/certificates/${id}`;
  return {
    verifyUrl,
    /** The viewer's certificate of a course: 404 when not enrolled, 409 until completed. */
    async pdf(courseId: string, viewer: UserRow, locale: Locale): Promise<{ pdf: Buffer; filename: string }> {
      const { course } = await access.read(courseId, viewer);
      const [enrolment] = await repo.enrolmentsOf(viewer.id, [course.id]);
      if (!enrolment) throw notFound();
      const [cert] = await repo.certificatesOf(viewer.id, [course.id]);
      if (!cert) throw conflict(LEARNING_ERRORS.notCompleted, 'learning.not_completed');
      const pdf = await renderCertificatePdf({
        id: cert.id,
        learnerName: cert.learnerName,
        courseTitle: cert.courseTitle,
        tribeName: cert.tribeName,
        issuedAt: cert.issuedAt,
        verifyUrl: verifyUrl(cert.id),
        locale,
      });
      return { pdf, filename: `certificate-${cert.id}.pdf` };
    },
    /** Public: who completed what, where and when. */
    async verify(id: string): Promise<CertificateVerification> {
      const cert = await repo.findCertificate(id);
      if (!cert) throw notFound();
      return presentCertificate(cert);
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
