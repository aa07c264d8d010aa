import { z } from 'zod';

/**
 * A member's data export (DESIGN 11.2, GDPR art. 15/20): `pending` while the job builds the ZIP,
 * `ready` once it is stored and mailed, `failed` when the job gave up (a new request is then
 * allowed at once), `expired` once its link's 7 days are over (the file is gone).
 */
export const DataExportStatusSchema = z.enum(['pending', 'ready', 'failed', 'expired']);
export type DataExportStatus = z.infer<typeof DataExportStatusSchema>;

/** The answer of POST /v1/me/export: the export's id, to follow with GET /v1/me/exports/{id}. */
export const DataExportCreatedSchema = z.object({ id: z.string() });
export type DataExportCreated = z.infer<typeof DataExportCreatedSchema>;

/** One of my exports: its state and, once ready, the signed link that answers the ZIP (no sign-in needed). */
export const DataExportSchema = z.object({
  id: z.string(),
  status: DataExportStatusSchema,
  /** Absolute, signed, valid until `expires_at`; null unless ready. */
  download_url: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** The signed link's query: when it expires (Unix seconds) and its signature. */
export const DataExportDownloadQuerySchema = z.object({
  exp: z.string().max(20).optional().describe('When the link expires, in Unix seconds.'),
  sig: z.string().max(200).optional().describe('The signature of the export id and exp.'),
});

/**
 * The sections of the ZIP, one `<section>.json` each, always present (an empty array when the member
 * holds nothing there) so the format stays the same as modules come: `messages` and `events` are
 * empty until those modules exist.
 */
export const DATA_EXPORT_SECTIONS = [
  'profile',
  'posts',
  'comments',
  'messages',
  'events',
  'donations',
  'ledger',
  'learning',
] as const;
export type DataExportSection = (typeof DATA_EXPORT_SECTIONS)[number];

/** How long the mailed link answers the ZIP. */
export const DATA_EXPORT_LINK_DAYS = 7;
/** One export a day: a second request within this many hours is 409 `export_too_soon`. */
export const DATA_EXPORT_INTERVAL_HOURS = 24;
