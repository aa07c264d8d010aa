import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Uploaded media. Public files are static (`/media/{key}`, immutable names, not in the document);
 * private ones (tribe-only photos, expense receipts) need the signature their URL carries, which the server writes
 * into the answers that show them.
 */
export const mediaEndpoints = {
  privateFile: endpoint({
    method: 'GET',
    // At the server's root, beside /api (like /broadcasting): the rest of the path is the file's key.
    path: '/media/private/*',
    summary:
      'A private file by the signed URL an answer gave (a tribe-only photo in WebP, an expense receipt in WebP or PDF): ' +
      'exp (Unix seconds) and sig must match the key; a bad or expired signature, or a missing file, is 404. ' +
      'Cached privately for an hour. 503 storage_unavailable when the media store (STORAGE_URL) cannot be reached.',
    tags: ['media'],
    auth: 'public',
    params: z.object({ '*': z.string().describe('The rest of the key, after private/.') }),
    query: z.object({
      exp: z.string().optional().describe('When the signature expires, in Unix seconds.'),
      sig: z.string().optional().describe('The signature of the key and exp.'),
    }),
    // Not the envelope: the file itself. Its errors are the usual envelope.
    produces: 'image/webp',
    alsoProduces: 'application/pdf',
    data: z.never(),
    errors: [404, 503],
  }),
} as const;
