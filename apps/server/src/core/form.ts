import type { EndpointDef } from '@tribes/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldError, HttpError } from './errors.js';
import { parseOrThrow } from './validation.js';

type FileName<E extends EndpointDef> = E['files'] extends readonly { name: infer N }[] ? N & string : never;
type Fields<E extends EndpointDef> = E['body'] extends z.ZodType ? z.output<E['body']> : Record<string, never>;

/** A form read through its endpoint's contract: the text fields parsed by its body schema, the files by name. */
export interface ReadForm<E extends EndpointDef> {
  fields: Fields<E>;
  files: Record<FileName<E>, Buffer[]>;
}

export interface FormLimits {
  /** The largest file taken, in bytes (larger: 413). */
  fileSize: number;
  /**
   * How many files the parser takes before answering 413; by default the endpoint's declared
   * maximum. A caller whose service words a friendlier error for one too many passes one more.
   */
  maxFiles?: number;
}

/** A field's schema without its optional / nullable / default wrappers, and whether null is allowed. */
function baseOf(schema: z.ZodType): { base: z.ZodType; nullable: boolean } {
  let s = schema;
  let nullable = false;
  for (let depth = 0; depth < 10; depth++) {
    if (s instanceof z.ZodNullable) nullable = true;
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
      s = s.unwrap() as z.ZodType;
    } else break;
  }
  return { base: s, nullable };
}

/** How a multipart text field goes back to its JSON type, decided by the body schema. */
type TextReader = { list: boolean; read: (value: string) => unknown };

function textReaders(body: z.ZodType | undefined): Map<string, TextReader> {
  const readers = new Map<string, TextReader>();
  if (!(body instanceof z.ZodObject)) return readers;
  for (const [name, field] of Object.entries(body.shape as Record<string, z.ZodType>)) {
    const { base, nullable } = baseOf(field);
    const empty = (value: string) => nullable && value.trim() === '';
    if (base instanceof z.ZodNumber) {
      // Whole numbers only: anything else stays text, so the schema words the error.
      readers.set(name, { list: false, read: (v) => (empty(v) ? null : /^\s*\d+\s*$/.test(v) ? Number(v) : v) });
    } else if (base instanceof z.ZodArray && baseOf(base.element as z.ZodType).base instanceof z.ZodString) {
      // A list of texts: one part per item, named `name` or `name[]`.
      readers.set(name, { list: true, read: (v) => v });
    } else if (base instanceof z.ZodArray || base instanceof z.ZodObject) {
      // Structured values come as one JSON text (a campaign's milestones).
      readers.set(name, {
        list: false,
        read: (v) => {
          if (empty(v)) return null;
          try {
            return JSON.parse(v) as unknown;
          } catch {
            return v;
          }
        },
      });
    }
  }
  return readers;
}

/**
 * Reads the body of a multipart endpoint through its contract: the text fields named by its `body`
 * schema (numbers, lists and JSON values read back from their text), the file parts its `files`
 * declares (`name`, or `name[]` when more than one is allowed; any other file is a 400 on that
 * field), then the fields parsed by the schema like any JSON body. An endpoint that takes JSON too
 * (`consumes` lists application/json) reads a JSON request as its body with no files.
 */
export async function readForm<E extends EndpointDef>(req: FastifyRequest, e: E, limits: FormLimits): Promise<ReadForm<E>> {
  const declared = e.files ?? [];
  const files = Object.fromEntries(declared.map((f) => [f.name, [] as Buffer[]])) as Record<FileName<E>, Buffer[]>;
  const schema = e.body ?? z.strictObject({});
  if (!req.isMultipart()) {
    if (!e.consumes?.includes('application/json')) throw new HttpError(415, 'errors.unsupported_media_type');
    return { fields: parseOrThrow(schema, req.body ?? {}) as Fields<E>, files };
  }
  const fileField = new Map<string, string>();
  for (const { name, max = 1 } of declared) {
    fileField.set(name, name);
    if (max > 1) fileField.set(`${name}[]`, name);
  }
  const maxFiles = limits.maxFiles ?? declared.reduce((sum, f) => sum + (f.max ?? 1), 0);
  const readers = textReaders(e.body);
  const fields: Record<string, unknown> = {};
  for await (const part of req.parts({ limits: { files: maxFiles, fileSize: limits.fileSize } })) {
    if (part.type === 'file') {
      // Read (or drain) the file either way, so the parser moves on to the next part.
      const data = await part.toBuffer();
      const name = fileField.get(part.fieldname);
      if (name === undefined) throw fieldError(part.fieldname, 'validation.unknown_field');
      files[name as FileName<E>].push(data);
      continue;
    }
    const value = String(part.value);
    const listName = part.fieldname.endsWith('[]') ? part.fieldname.slice(0, -2) : part.fieldname;
    const list = readers.get(listName);
    if (list?.list) {
      const items = (fields[listName] ??= []) as unknown[];
      items.push(list.read(value));
      continue;
    }
    const reader = readers.get(part.fieldname);
    fields[part.fieldname] = reader ? reader.read(value) : value;
  }
  return { fields: parseOrThrow(schema, fields) as Fields<E>, files };
}
