import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Static imports of a module (not `import type`, not `import()`), each as written. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** Every module of the app that main.tsx loads before the first render, with the packages each imports. */
function firstLoad(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [path.join(SRC, 'main.tsx')];
  while (queue.length) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const specs = staticImports(file);
    graph.set(file, specs);
    for (const spec of specs) {
      if (!spec.startsWith('.')) continue;
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
    expect([...graph.keys()].map(rel)).toEqual(expect.arrayContaining(['app/shell.tsx', 'features/offline/outbox.ts']));
    const offenders = [...graph].flatMap(([file, specs]) =>
      specs.filter((s) => s === '@tribes/shared' || s === 'zod' || s.startsWith('zod/')).map((s) => `${rel(file)} → ${s}`),
    );
    // Building every schema of the contract cost a phone about 70 ms before the first paint (Lighthouse
    // trace of /home); pages and actions load it when they need it (lib/server-messages.ts, the outbox's send).
    expect(offenders).toEqual([]);
  });
});
