import { endpointPath, endpointQuery, treasuryEndpoints } from '@tribes/shared';
import { downloadPdf } from '../../lib/pdf-download';
import { sessionStore } from '../../lib/session/session-store';

/** GET /v1/donations/{id}/receipt: one of my donations' receipt, in my language. */
export function downloadReceipt(donationId: string): Promise<boolean> {
  return downloadPdf(
    endpointPath(treasuryEndpoints.donationReceipt.path, { id: donationId }),
    `receipt-${donationId.slice(0, 8)}.pdf`,
    sessionStore.get().accessToken,
  );
}

/** GET /v1/me/donations/statement?year=: my donations of a year. */
export function downloadStatement(year: number): Promise<boolean> {
  return downloadPdf(
    treasuryEndpoints.donationStatement.path + endpointQuery({ year }),
    `donations-${year}.pdf`,
    sessionStore.get().accessToken,
  );
}
