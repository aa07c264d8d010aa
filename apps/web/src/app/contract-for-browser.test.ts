import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { DECLARATIONS, forBrowser } from '../../contract-for-browser';

type Parse = Parameters<typeof forBrowser>[1];
const parse = ((code: string) => parseAst(code)) as unknown as Parse;

describe('the contract in the browser build (contract-for-browser.ts)', () => {
  it('keeps only the method and path of each endpoint', () => {
    const code = `export const thingsEndpoints = {
  list: endpoint({ method: 'GET', path: '/v1/things', summary: 'Lists.', tags: ['t'], auth: 'optional', query: PageQuerySchema, data: pageOf(ThingSchema), errors: [404] }),
  make: endpoint({ path: \`/v1/things\`, method: 'POST', body: z.strictObject({ name: z.string() }), data: ThingSchema, status: 201, errors: [] }),
};`;
    const out = forBrowser(code, parse)!;
    // (an endpoint only returns its argument: pure as well)
    expect(out).toContain(`list: /* @__PURE__ */ endpoint({ method: 'GET', path: '/v1/things' })`);
    expect(out).toContain("make: /* @__PURE__ */ endpoint({ path: `/v1/things`, method: 'POST' })");
    expect(out).not.toMatch(/Schema|pageOf|strictObject|summary|errors/);
  });

  it('marks what builds a top-level const pure, arguments included, but not what a function does later', () => {
    const code = `export const ThingSchema = z.object({ items: z.array(ItemSchema), name: z.string().min(1) }).strict();
const Named = z.string().refine((v) => { audit(v); return true; });
export const LIMIT = 5;
z.config({ customError: () => 'x' });`;
    const out = forBrowser(code, parse)!;
    expect(out).toContain(
      'export const ThingSchema = /* @__PURE__ */ z.object({ items: /* @__PURE__ */ z.array(ItemSchema), name: /* @__PURE__ */ z.string().min(1) }).strict();',
    );
    expect(out).toContain('const Named = /* @__PURE__ */ z.string().refine((v) => { audit(v); return true; });');
    // A statement that acts (zod's error map) is left as it is.
    expect(out).toContain("\nz.config({ customError: () => 'x' });");
    expect(out.match(/@__PURE__/g)).toHaveLength(4);
  });

  it('leaves a file with nothing to change alone', () => {
    expect(forBrowser('export const A = 1;\nexport function f() { return g(); }', parse)).toBeNull();
  });

  it('strips every endpoint of the real contract and the schema files it is applied to', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const file = path.resolve(here, '../../../../packages/shared/src/contract/posts.ts');
    expect(DECLARATIONS.test(file)).toBe(true);
    expect(DECLARATIONS.test(file.replace('contract/posts.ts', 'rules/posts.ts'))).toBe(false);
    const js = (await transformWithOxc(readFileSync(file, 'utf8'), file)).code;
    const out = forBrowser(js, parse)!;
    const calls = [...out.matchAll(/\bendpoint\(\{([^)]*)\}\)/g)].map((m) => m[1]!);
    expect(calls.length).toBeGreaterThan(10);
    for (const args of calls) expect(args.trim()).toMatch(/^method(: "[A-Z]+")?, path(: ("[^"]+"|`[^`]+`))?$/);
    expect(calls.length).toBe([...js.matchAll(/\bendpoint\(\{/g)].length);
  });
});
