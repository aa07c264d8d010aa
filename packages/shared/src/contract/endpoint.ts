import { z } from 'zod';

export { endpointPath, endpointQuery } from './paths.js';

/**
 * One endpoint of the API, declared once: the server registers its route from it (request schemas
 * validated, the success answer's `data` serialised through its schema so nothing else leaves the
 * server) and the web app calls it with the types inferred from the same object.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, anyone with the caller known when signed in, or a signed-in user only. */
export type AuthMode = 'public' | 'optional' | 'user';

/** Error statuses an endpoint may answer besides the 400, 429 and 500 that every endpoint may. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 503;

export interface EndpointDef {
  method: HttpMethod;
  /** OpenAPI-style path under /api: `/v1/tribes/{id}`. */
  path: string;
  summary: string;
  tags: readonly string[];
  auth: AuthMode;
  /**
   * A sensitive act ("sudo mode", DESIGN 11.7; `auth: 'user'` only): the session must have signed in
   * or passed POST /v1/me/reauth within REAUTH_WINDOW_SECONDS, else 403 with error_type
   * `reauthentication_required`, checked before anything else in the request.
   */
  fresh?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body; for a multipart endpoint, the fields read from the form (files come beside them). */
  body?: z.ZodType;
  /** The body is multipart/form-data (files); `body` then describes its text fields. */
  multipart?: boolean;
  /** The file parts of a multipart body, by field name (`max` files under that name, 1 unless said). */
  files?: readonly { name: string; max?: number }[];
  /**
   * The request body's content types when not only the default (JSON, or multipart/form-data for a
   * multipart endpoint): a multipart endpoint that takes JSON too lists both.
   */
  consumes?: readonly string[];
  /** The `data` of a success (or warning) answer. */
  data: z.ZodType;
  /**
   * The status of a success answer: 201 for a creation, 202 for work accepted and done later (a job), 200 otherwise; 302 for a browser navigation
   * answered with a redirect (the Location header, no envelope; `data` describes the empty body).
   */
  status?: 200 | 201 | 202 | 302;
  /** Error statuses this endpoint may answer (besides 400, 429, 500). */
  errors: readonly ErrorStatus[];
  /** The `error_type` values of its 409 answers. */
  errorTypes?: readonly string[];
  /** The `data` its 500 answer carries, when a failure keeps figures (a health check that fails). */
  errorData?: z.ZodType;
  /**
   * An exactly-once POST's `Idempotency-Key` header: `true` when required (money), `'optional'` when a
   * client may send one to make a replay safe (the web's offline outbox: posts, comments, quiz attempts).
   */
  idempotencyKey?: boolean | 'optional';
  /**
   * An answer that is not the JSON envelope (a CSV, a PDF, a redirect): its content type. For a JSON
   * type, `data` is the whole answer's schema; for any other, the answer is the file itself.
   */
  produces?: string;
  /**
   * Another content type the success answer comes in: beside the JSON envelope when the query asks for
   * it (the ledger's `format=csv` answers `text/csv`), or beside `produces` when the file may be of
   * either type (a private medium is a WebP image or a receipt's PDF). The file itself, not the envelope.
   */
  alsoProduces?: string;
}

/** Declares an endpoint; `const` keeps its literal method and path for the types that follow. */
export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The content types an endpoint's body may come in, as a union (never when it declares none). */
type ConsumesOf<E extends EndpointDef> = E['consumes'] extends readonly (infer C)[] ? C : never;

/**
 * The body a caller sends: JSON typed by the schema, or for a multipart endpoint the form; a
 * multipart endpoint that takes JSON too (it lists `application/json` in `consumes`) takes either.
 */
type BodyInput<E extends EndpointDef> = E['body'] extends z.ZodType
  ? E['multipart'] extends true
    ? 'application/json' extends ConsumesOf<E>
      ? { body: InputOf<E['body']>; form?: undefined } | { form: FormData; body?: undefined }
      : { form: FormData }
    : { body: InputOf<E['body']> }
  : { body?: undefined };

/** What a caller sends: path params, query and body, each typed by the endpoint's schemas. */
export type EndpointInput<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: InputOf<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: InputOf<E['query']> } : { query?: undefined }) &
  BodyInput<E>;

/** The `data` of an endpoint's success answer, as the caller reads it. */
export type EndpointData<E extends EndpointDef> = z.output<E['data']>;

/** The `data` a handler may hand to the serialiser (the schema's input: defaults may be left out). */
export type EndpointDataInput<E extends EndpointDef> = z.input<E['data']>;

/** The success envelope around an endpoint's data. */
export function successEnvelope<S extends z.ZodType>(data: S) {
  return z.object({ status: z.enum(['success', 'warning']), message: z.string(), data });
}

/** The envelope of every failure (DESIGN section 4). */
export const ErrorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  error_type: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Details of some failures: a suspended account's `reason` and `until` (DESIGN 11.2). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** `data: {}` of answers that carry nothing but their message. */
export const EmptyDataSchema = z.object({});
