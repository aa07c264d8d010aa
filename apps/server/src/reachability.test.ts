import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { unreachableSources } from '../../../scripts/import-graph.js';

const scratch = mkdtempSync(join(tmpdir(), 'tribes-reach-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('server sources', () => {
  it('are each reached from the entry, src/main.ts (no dead file; test helpers live in test/)', () => {
    const root = fileURLToPath(new URL('.', import.meta.url));
    expect(unreachableSources(root, ['main.ts'])).toEqual([]);
  });

  it('the check names a file nothing imports, and follows #src, relative, index and dynamic imports', () => {
    const files: Record<string, string> = {
      'main.ts': "import { a } from '#src/a.js';\nexport const m = () => import('./lazy/index.js');\nexport { a };",
      'a.ts': "export type { B } from './b.js';\nexport const a = 1;",
      'b.ts': 'export type B = number;',
      'lazy/index.ts': "import './view.js';",
      'lazy/view.tsx': 'export const v = 1;',
      'orphan.ts': 'export const dead = 1;',
      'orphan.test.ts': "import './orphan.js';",
      'test/helper.ts': 'export const h = 1;',
    };
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(join(scratch, name, '..'), { recursive: true });
      writeFileSync(join(scratch, name), code);
    }
    expect(unreachableSources(`${scratch}/`, ['main.ts']).map((f) => f.slice(scratch.length + 1))).toEqual(['orphan.ts']);
  });
});
