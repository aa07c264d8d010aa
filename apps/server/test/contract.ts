import type { EndpointDef } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type Media = Record<string, { schema?: { properties?: Record<string, unknown> } }>;
/** One operation of the served OpenAPI document, as far as these checks read it. */
export interface DocumentedOperation {
  tags?: string[];
  responses: Record<string, { content?: Media }>;
}

/**
 * Checks the served OpenAPI document against a module's contract: for each tag, the document's
 * operations carrying it are exactly the endpoints declared for it (method and path), and each has an
 * error answer (4XX) and a success answer (2XX) whose envelope describes `data`. An endpoint that
 * `produces` its own answer (outside the envelope) is checked by `produced` instead; without it, it is
 * held to the envelope like the others.
 */
export async function expectOperationsMatch(
  app: FastifyInstance,
  byTag: Record<string, Record<string, EndpointDef>>,
  produced?: (endpoint: EndpointDef, op: DocumentedOperation) => void,
) {
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  for (const [tag, endpoints] of Object.entries(byTag)) {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.includes(tag))
        .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    const declared = Object.values(endpoints).map((e) => `${e.method} /api${e.path}`);
    expect(documented.map((d) => d.key).sort(), tag).toEqual([...declared].sort());
    for (const e of Object.values(endpoints)) {
      const op = documented.find((d) => d.key === `${e.method} /api${e.path}`)!.op;
      if (produced && 'produces' in e) produced(e, op);
      else {
        const success = op.responses['2XX']?.content?.['application/json'];
        expect(success?.schema?.properties?.data, `${e.method} ${e.path}`).toBeDefined();
      }
      expect(op.responses['4XX'], e.path).toBeDefined();
    }
  }
}
