import { POST_LIMITS } from '@tribes/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldError } from '#src/core/errors.js';
import { parseOrThrow } from '#src/core/validation.js';

/** Multipart sends every field as text: whole numbers and the milestones' JSON are read back into their JSON types. */
function fromText(name: string, value: string): unknown {
  if (name === 'goal' || name === 'monthly_goal') {
    if (name === 'monthly_goal' && value.trim() === '') return null;
    return /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  }
  if (name === 'milestones') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * Reads a campaign's create or edit request: JSON, or multipart with the same fields as text and an
 * optional image named "cover" (same limits as post photos: 10 MB, type decided by content later).
 */
export async function readCampaignForm<T extends z.ZodType>(
  req: FastifyRequest,
  schema: T,
): Promise<{ fields: z.output<T>; cover: Buffer | null }> {
  if (!req.isMultipart()) return { fields: parseOrThrow(schema, req.body ?? {}), cover: null };
  const fields: Record<string, unknown> = {};
  let cover: Buffer | null = null;
  for await (const part of req.parts({ limits: { files: 1, fileSize: POST_LIMITS.imageMaxBytes } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname !== 'cover') throw fieldError(part.fieldname, 'validation.unknown_field');
      cover = data;
    } else {
      fields[part.fieldname] = fromText(part.fieldname, String(part.value));
    }
  }
  return { fields: parseOrThrow(schema, fields), cover };
}
