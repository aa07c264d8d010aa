import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_SRC = path.resolve(SRC, '../../../packages/shared/src');

/** Static imports of a module (not `import type`, not `import()`), each as written. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/**
 * The file a specifier names: relative ones (`./x.js` is the TypeScript file `./x.ts`, as in
 * packages/shared) and the corners of @tribes/shared the shell imports (`@tribes/shared/locales`,
 * mapped to packages/shared/src by shared-alias.ts), so the walk reads them too: one of them importing
 * zod would bring it back into the first load.
 */
function resolveLocal(from: string, spec: string): string | null {
  const corner = /^@tribes\/shared\/(.+)$/.exec(spec)?.[1];
  if (!corner && !spec.startsWith('.')) return null;
  const base = (corner ? path.join(SHARED_SRC, corner) : path.resolve(path.dirname(from), spec)).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** Every module main.tsx loads before the first render (the app's and the shared corners), with what each imports. */
function firstLoad(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [path.join(SRC, 'main.tsx')];
  while (queue.length) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const specs = staticImports(file);
    graph.set(file, specs);
    for (const spec of specs) {
      const next = resolveLocal(file, spec);
      if (next) queue.push(next);
    }
  }
  return graph;
}

describe('the first load (main.tsx and what it imports statically)', () => {
  it('reaches the shell and the outbox, and neither zod nor the @tribes/shared entry (every schema)', () => {
    const graph = firstLoad();
    const rel = (f: string) => path.relative(SRC, f);
    // The walk follows the app's imports: the shell and the offline outbox are in it.
    expect([...graph.keys()].map(rel)).toEqual(
      expect.arrayContaining(['app/shell.tsx', 'lib/offline/outbox.ts', '../../../packages/shared/src/locales.ts']),
    );
    const offenders = [...graph].flatMap(([file, specs]) =>
      specs.filter((s) => s === '@tribes/shared' || s === 'zod' || s.startsWith('zod/')).map((s) => `${rel(file)} → ${s}`),
    );
    // Building every schema of the contract cost a phone about 70 ms before the first paint (Lighthouse
    // trace of /home); pages and actions load it when they need it (lib/server-messages.ts, the outbox's send).
    expect(offenders).toEqual([]);
  });
});
