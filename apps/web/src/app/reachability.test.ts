import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, isTestFile, sourceFiles, unreachableSources } from '../../../../scripts/import-graph';

/** The web's import graph read as a whole (the lint rules check one file at a time; an eslint-disable would hide from them). */
const root = `${resolve(import.meta.dirname, '..')}/`;
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file.slice(root.length))?.[1];

describe('web import graph', () => {
  it('every source file is reached from the entry, src/main.tsx (no dead file; test helpers live in src/test/)', () => {
    // i18n-lite is reached through the build's aliases of i18next and react-i18next (vite.config.ts, decision 029).
    expect(unreachableSources(root, ['main.tsx', 'lib/i18n-lite/core.ts', 'lib/i18n-lite/react.tsx'])).toEqual([]);
  });

  it('no feature imports another, so the feature graph has no edge and no cycle (tests included)', () => {
    const files = sourceFiles(root);
    const sideways = [...importGraph(root, files)].flatMap(([file, targets]) =>
      targets
        .filter((t) => featureOf(file) !== undefined && featureOf(t) !== undefined && featureOf(t) !== featureOf(file))
        .map((t) => `${file.slice(root.length)} -> ${t.slice(root.length)}`),
    );
    expect(sideways).toEqual([]);
    // The graph does see features: pages import them, and test files are part of it.
    expect(files.filter((f) => isTestFile(f) && featureOf(f)).length).toBeGreaterThan(10);
  });
});
