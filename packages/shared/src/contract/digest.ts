import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** The weekly digest (DESIGN 10.3): previewed from the notification settings. */
export const digestEndpoints = {
  preview: endpoint({
    method: 'GET',
    path: '/v1/me/digest/preview',
    summary:
      "This week's digest as it would be mailed now, in the member's language (HTML with its direction, and plain text), whether or not the digest is on; `empty` when nothing happened in their tribes (no mail is sent then).",
    tags: ['notifications'],
    auth: 'user',
    data: z.object({ subject: z.string(), html: z.string(), text: z.string(), empty: z.boolean() }),
    errors: [401],
  }),
} as const;
