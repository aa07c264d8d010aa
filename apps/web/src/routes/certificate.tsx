import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCertificate } from '../features/learning/api';
import { CertificateVerificationCard } from '../features/learning/components/certificate-verification';
import { LearningGate } from '../features/learning/components/learning-gate';
import { PageFrame } from '../components/page-frame';

/** /certificates/{id} (public): proof that a learner completed a course (DESIGN section 5). */
export default function CertificatePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <LearningGate query={useCertificate(id)} titleKey="learning.verify.title">
      {(certificate) => (
        <PageFrame title={t('learning.verify.title')}>
          <CertificateVerificationCard certificate={certificate} />
        </PageFrame>
      )}
    </LearningGate>
  );
}
