/** The operations of the OpenAPI document the app serves, reduced to what the bad-input generator needs. */

/** The subset of JSON Schema that the zod → OpenAPI transform emits. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form, `/api/v1/tribes/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation declares one. */
  body?: JsonSchema;
  /** The operation may read a body the document does not describe (multipart uploads, webhooks). */
  writes: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in its order. */
export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries((doc as OpenApiDocument).paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema,
        writes: method !== 'get',
      });
    }
  }
  return ops;
}

/** Operations that undo the fixtures the others need (sign-out, deletions, leaving): run them last. */
export function isDestructive(op: Operation): boolean {
  return op.method === 'DELETE' || /\/(logout|leave|close|handover)$/.test(op.path);
}
