import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_FILE, READING_CODE_FILE, shellPrecache, type FirstLoad } from '../../shell-precache';

/** A chunk of a build as Rolldown hands it to `generateBundle` (only what the plugin reads). */
const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  dynamicImports: string[] = [],
  isEntry = false,
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  dynamicImports,
  isEntry,
  viteMetadata: { importedCss: new Set<string>(fileName === 'assets/index-1.js' ? ['assets/index-1.css'] : []) },
});

const SRC = '/repo/apps/web/src';
const bundle = Object.fromEntries(
  [
    chunk(
      'assets/index-1.js',
      `${SRC}/main.tsx`,
      ['assets/runtime-1.js'],
      ['assets/home-1.js', 'assets/wallet-1.js', 'assets/en-1.js', 'assets/snack-1.js'],
      true,
    ),
    chunk('assets/runtime-1.js', null),
    chunk(
      'assets/home-1.js',
      `${SRC}/routes/home.tsx`,
      ['assets/mui-1.js'],
      ['assets/schemas-1.js', 'assets/map-base-1.js', 'assets/en-1.js'],
    ),
    chunk('assets/wallet-1.js', `${SRC}/routes/setting-wallet.tsx`, ['assets/mui-1.js']),
    chunk('assets/mui-1.js', null),
    chunk('assets/schemas-1.js', `${SRC}/lib/form-schemas.ts`),
    chunk('assets/map-base-1.js', `${SRC}/components/map-base.tsx`),
    { ...chunk('assets/en-1.js', null), moduleIds: [`${SRC}/locales/en.json`, `${SRC}/features/auth/locales/en.json`] },
    chunk('assets/snack-1.js', `${SRC}/components/snackbar/top-snackbar.tsx`, ['assets/mui-1.js']),
  ].map((c) => [c.fileName, c]),
);

function build() {
  const { plugin, sets } = shellPrecache(/[\\/]routes[\\/]home\.tsx$/, /top-snackbar\.tsx$/, [
    { module: /routes[\\/]home\.tsx$/, path: '^/home/?$' },
  ]);
  const emitted: { fileName: string; source: string }[] = [];
  const generate = plugin.generateBundle as unknown as (this: unknown, options: unknown, b: unknown) => void;
  generate.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) }, {}, bundle);
  return { sets, emitted };
}

describe("the shell precache and the reading pages' code (issue 42)", () => {
  it('precaches the entry, its static imports and CSS, and the offline parts alone, nothing of a page', () => {
    const { sets } = build();
    expect([...sets.shell].sort()).toEqual([
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/runtime-1.js',
      'assets/snack-1.js',
    ]);
  });

  it("lists a reading page's code with what it imports on use, never another page, the map nor a language", () => {
    const { sets, emitted } = build();
    expect([...sets.reading].sort()).toEqual(['assets/home-1.js', 'assets/mui-1.js', 'assets/schemas-1.js']);
    expect(emitted.filter((file) => file.fileName === READING_CODE_FILE)).toEqual([
      {
        type: 'asset',
        fileName: READING_CODE_FILE,
        source: JSON.stringify(['/assets/home-1.js', '/assets/mui-1.js', '/assets/schemas-1.js']),
      },
    ]);
  });

  it("lists a first visit's code per page beyond the shell: the page's and each language's messages", () => {
    const { emitted } = build();
    const firstLoad = JSON.parse(emitted.find((file) => file.fileName === FIRST_LOAD_FILE)!.source) as FirstLoad;
    expect(firstLoad.pages).toEqual([{ path: '^/home/?$', files: ['assets/home-1.js', 'assets/mui-1.js'] }]);
    expect(firstLoad.messages.en).toEqual(['assets/en-1.js']);
    expect(firstLoad.messages.ar).toEqual([]);
  });
});
