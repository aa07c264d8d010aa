import { z } from 'zod';
import '../zod-messages.js';
import { LIMITS, PAGINATION } from '../constants.js';

/** The envelope of every API answer (DESIGN section 4). */
export const EnvelopeSchema = z.object({
  status: z.enum(['success', 'warning', 'error']),
  message: z.string(),
  data: z.unknown().optional(),
});
export type Envelope<T = unknown> = { status: 'success' | 'warning' | 'error'; message: string; data?: T };

/** The body of a 400 validation failure. */
export interface ValidationErrorBody {
  status: 'error';
  error_type: 'validation_error';
  message: string;
  errors: Record<string, string[]>;
}

/** An email address, trimmed and lower-cased so one mailbox is one account. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(LIMITS.emailMax)
  .pipe(z.email({ error: 'validation.email' }));

export const UuidSchema = z.uuid({ error: 'validation.invalid' });

export const IdParamsSchema = z.strictObject({ id: UuidSchema });

/** Someone named in an answer (an author, an organiser, a member, who caused a notification): public name and photo. */
export const PersonRefSchema = z.object({ id: z.string(), name: z.string(), avatar_url: z.string().nullable() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const CursorQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

/** A list page: items and the cursor of the next page, or null at the end. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}
