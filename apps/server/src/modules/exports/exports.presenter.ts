import type { DataExport } from '@tribes/shared';
import type { DataExportRow } from './exports.repo.js';

/** An export row as its owner sees it: a ready export past its link's end reads as expired. */
export function presentExport(row: DataExportRow, now: Date, downloadUrl: (row: DataExportRow) => string): DataExport {
  const expired = row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now);
  const status = expired ? 'expired' : (row.status as DataExport['status']);
  return {
    id: row.id,
    status,
    download_url: status === 'ready' ? downloadUrl(row) : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
