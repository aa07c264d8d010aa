import { endpointPath, learningEndpoints } from '@tribes/shared';
import { downloadPdf } from '../../lib/pdf-download';
import { sessionStore } from '../../lib/session/session-store';

/** GET /v1/courses/{id}/certificate: my certificate as a file download. */
export function downloadCertificate(courseId: string, fileName: string): Promise<boolean> {
  return downloadPdf(
    endpointPath(learningEndpoints.certificatePdf.path, { id: courseId }),
    fileName,
    sessionStore.get().accessToken,
  );
}
