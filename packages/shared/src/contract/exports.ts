import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import { DataExportCreatedSchema, DataExportDownloadQuerySchema, DataExportSchema } from '../schemas/exports.js';
import { endpoint } from './endpoint.js';

/**
 * The member's data export (DESIGN 11.2, GDPR art. 15/20): a job builds a ZIP of everything the site
 * holds of them (one JSON per section, their media files) and mails a signed link valid 7 days.
 */
const tags = ['exports'] as const;

export const exportsEndpoints = {
  requestExport: endpoint({
    method: 'POST',
    path: '/v1/me/export',
    summary:
      'Asks for a ZIP of my data (profile, posts, comments, messages, events, donations and ledger lines, learning ' +
      'progress, my media): built by a job, then mailed as a link valid 7 days. One a day: a second request within ' +
      '24 hours of one not failed is 409 export_too_soon, nothing changed.',
    tags,
    auth: 'user',
    data: DataExportCreatedSchema,
    status: 202,
    errors: [401, 409],
    errorTypes: ['export_too_soon'],
  }),
  getExport: endpoint({
    method: 'GET',
    path: '/v1/me/exports/{id}',
    summary: "One of my exports: its status and, once ready, its signed download link; anyone else's is 404.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: DataExportSchema,
    errors: [401, 404],
  }),
  downloadExport: endpoint({
    method: 'GET',
    path: '/v1/exports/{id}/download',
    summary:
      'The ZIP itself, by the signed link the mail gave (no sign-in: the signature is the key), as an attachment. ' +
      'A wrong or missing signature is 403; a link past its 7 days (or an export whose file is gone) is 410.',
    tags,
    auth: 'public',
    params: IdParamsSchema,
    query: DataExportDownloadQuerySchema,
    // Not the envelope: the file itself. Its errors are the usual envelope.
    produces: 'application/zip',
    data: z.never(),
    errors: [403, 404, 410],
  }),
} as const;
