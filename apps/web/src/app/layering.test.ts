import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web layering rules of eslint.config.js (no-restricted-imports per folder), run through
 * ESLint's own API on small sources placed in each folder, so the rules cannot silently vanish.
 */
const repoRoot = `${resolve(import.meta.dirname, '../../../..')}/`;
const eslint = new ESLint({
  cwd: repoRoot,
  // Only the import rule: the type-aware rules need a program, which these snippets do not have.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
});

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

async function syntaxErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('web layering (eslint no-restricted-imports)', () => {
  it('refuses a feature in components/ and lib/', async () => {
    expect(
      await importErrors(
        'components/x.tsx',
        "export { useSession } from '../features/auth/session-store';\nimport '../features/tribes/api';\n",
      ),
    ).toEqual([
      expect.stringContaining('components/ and lib/ are generic'),
      expect.stringContaining('components/ and lib/ are generic'),
    ]);
    expect(
      await importErrors('lib/x.ts', "import { useLogout } from '../features/auth/api';\nexport const f = useLogout;\n"),
    ).toEqual([expect.stringContaining('import no feature')]);
    expect(await importErrors('components/x.tsx', "import { api } from '../app/api';\nexport const a = api;\n")).toEqual([]);
  });

  it('lets features reach app/ only through its seams', async () => {
    const fromFeature = (spec: string) =>
      importErrors('features/money/x.ts', `import * as m from '${spec}';\nexport const v = m;\n`);
    expect(await fromFeature('../../app/shell')).toEqual([expect.stringContaining('only through its seams: app/api')]);
    expect(await fromFeature('../../app/session-binding')).toHaveLength(1);
    expect(await fromFeature('../../app/layouts/pannel-layout')).toHaveLength(1);
    for (const seam of ['api', 'config', 'i18n', 'locale-hooks', 'locale-routing', 'navigation', 'layouts/panel-nav']) {
      expect(await fromFeature(`../../app/${seam}`)).toEqual([]);
    }
  });

  it('keeps every feature apart: a feature imports no other feature, in either spelling', async () => {
    const inMoney = (file: string, spec: string) =>
      importErrors(`features/money/${file}`, `import * as m from '${spec}';\nexport const v = m;\n`);
    for (const [file, spec] of [
      ['x.ts', '../tribes/api'],
      ['components/x.tsx', '../../posts/components/post-list'],
      ['components/x.tsx', '../../../features/treasury/api'],
      ['x.ts', '../tribe-home/next-lesson'],
    ] as const) {
      expect(await inMoney(file, spec)).toEqual([expect.stringContaining('A feature imports no other feature')]);
    }
    // Its own files, lib/, components/ and the app/ seams stay open.
    for (const [file, spec] of [
      ['components/x.tsx', '../api'],
      ['components/x.tsx', '../../money/api'],
      ['x.ts', '../../lib/membership'],
      ['components/x.tsx', '../../../components/local-money'],
      ['x.ts', '../../app/api'],
    ] as const) {
      expect(await inMoney(file, spec)).toEqual([]);
    }
    // Pages compose features.
    expect(
      await importErrors('routes/x.tsx', "import { TribeView } from './tribe-view';\nimport '../features/money/api';\n"),
    ).toEqual([]);
  });

  it('keeps the seams free of features and of the rest of app/', async () => {
    expect(
      await importErrors(
        'app/api.ts',
        "import { sessionStore } from '../features/auth/session-store';\nexport const s = sessionStore;\n",
      ),
    ).toEqual([expect.stringContaining('seam imports no feature')]);
    expect(await importErrors('app/i18n.ts', "import { Shell } from './shell';\nexport const s = Shell;\n")).toEqual([
      expect.stringContaining('imports only other seams'),
    ]);
    // The composition root may wire features in.
    expect(
      await importErrors(
        'app/session-binding.ts',
        "import { sessionStore } from '../features/auth/session-store';\nexport const s = sessionStore;\n",
      ),
    ).toEqual([]);
  });

  it('takes query keys from the key factories, never inline arrays', async () => {
    const inline = [
      "client.setQueryData(['me'], user);",
      "void client.invalidateQueries({ queryKey: ['map'] });",
      "useQuery({ queryKey: ['x', id] as const, queryFn });",
    ];
    for (const line of inline) expect(await syntaxErrors('features/money/x.ts', line)).toBe(1);
    expect(await syntaxErrors('features/money/x.ts', 'void client.invalidateQueries({ queryKey: tribeKeys.map });')).toBe(0);
  });
});
