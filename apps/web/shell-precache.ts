import type { Plugin } from 'vite';

/** Never cached ahead: other pages (each cached when opened), the map, the sign-in providers, the locales. */
const NOT_AHEAD_MODULE = /[\\/]src[\\/]routes[\\/]|map|leaflet|firebase/;
const NOT_AHEAD_FILE = /^assets\/(?:(?:en|ar|fr|he|es)-|.*(?:map|leaflet|countries|firebase|location-picker))/;

/** The file the service worker reads for the reading pages' code (see `shellPrecache`). */
export const READING_CODE_FILE = 'reading-code.json';

/** The file the server reads for the code a first visit to a page needs (see `FirstLoad`). */
export const FIRST_LOAD_FILE = 'first-load.json';

/** A page whose code the served HTML asks for ahead (issue 42): its module and the paths it answers. */
export interface FirstLoadPage {
  /** The page's route module (apps/web/src/routes/...). */
  module: RegExp;
  /** The app paths it answers (without the locale prefix), as a regular expression's source. */
  path: string;
}

/**
 * dist/first-load.json: for the signed-out pages a first visit opens (a sign-in, a sign-up...), the code chunks
 * that page fetches once the entry runs (its chunk and their static imports, the messages of each language), less
 * the shell the HTML already asks for. The server puts them in the page it serves as `<link rel="modulepreload">`,
 * so they download with the entry instead of after it (a round trip and the entry's evaluation fewer before the
 * form shows: apps/server/src/core/web-shell.ts). Not for a signed-in page: its data requests start when the entry
 * runs, and on a slow link the panel's code downloading with the entry delayed them (the walk's first post came
 * later, 12.1 s against 10.5 s).
 */
export interface FirstLoad {
  pages: { path: string; files: string[] }[];
  /** Per language: the interface's messages of the guest pages and the server's. */
  messages: Record<string, string[]>;
}

const LOCALES = ['en', 'ar', 'fr', 'he', 'es'];

/** What the build found: the shell's files (for the precache) and the reading pages' (fetched ahead). */
export interface CodeSets {
  shell: Set<string>;
  reading: Set<string>;
}

/**
 * Issue 42: the service worker's precache holds the shell only (the entry chunk, what it imports statically
 * and its CSS, and the parts shown offline), not every chunk of the app; the rest is cached as it is used. The pages a member reads
 * offline (`readingPages`, matched on their module's path) and what they import, statically or on use, are
 * written to dist/reading-code.json, which the worker fetches ahead when a signed-in member's page asks it to
 * (never with the data saver on: app/service-worker.ts, sw/sw.ts).
 */
export function shellPrecache(
  readingPages: RegExp,
  offlineParts: RegExp,
  firstLoadPages: FirstLoadPage[] = [],
): { plugin: Plugin; sets: CodeSets } {
  const sets: CodeSets = { shell: new Set(), reading: new Set() };
  const plugin: Plugin = {
    name: 'tribes-shell-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((item) => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      // A page's chunks: what it imports statically and, for a reading page, what its code may import on use
      // (a form's rules, the messages of the server), but never another page nor the map.
      const walk = (fileName: string, into: Set<string>, onUse = false, root = true) => {
        if (into.has(fileName)) return;
        const chunk = chunks.get(fileName);
        if (onUse && !root && (NOT_AHEAD_FILE.test(fileName) || NOT_AHEAD_MODULE.test(chunk?.facadeModuleId ?? ''))) return;
        into.add(fileName);
        if (!chunk) return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) walk(imported, into, onUse, false);
        if (onUse) for (const imported of chunk.dynamicImports) walk(imported, into, onUse, false);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) walk(chunk.fileName, sets.shell);
      // The small parts the app shows offline whatever page was opened (`offlineParts`: a notice, "not saved for
      // offline"), lazily loaded, so never used online by a visit that had nothing to say: their own file only,
      // what they import (MUI, the common components) being what every page that can show them has used.
      for (const chunk of chunks.values())
        if (chunk.facadeModuleId && offlineParts.test(chunk.facadeModuleId)) {
          sets.shell.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) sets.shell.add(css);
        }
      const reading = new Set<string>();
      for (const chunk of chunks.values())
        if (chunk.facadeModuleId && readingPages.test(chunk.facadeModuleId)) walk(chunk.fileName, reading, true);
      for (const file of reading) if (!sets.shell.has(file)) sets.reading.add(file);
      // A first visit's code beyond the shell: the static closure of the chunk holding a module.
      const closureOf = (module: RegExp): string[] => {
        const into = new Set<string>();
        for (const chunk of chunks.values())
          if ((chunk.moduleIds ?? [chunk.facadeModuleId ?? '']).some((id) => module.test(id))) walk(chunk.fileName, into);
        return [...into].filter((file) => !sets.shell.has(file) && file.endsWith('.js')).sort();
      };
      const firstLoad: FirstLoad = {
        pages: firstLoadPages.map(({ module, path }) => ({ path, files: closureOf(module) })),
        messages: Object.fromEntries(
          LOCALES.map((l) => [
            l,
            [
              ...new Set([
                ...closureOf(new RegExp(`[\\\\/]src[\\\\/]locales[\\\\/]${l}\\.json$`)),
                ...closureOf(new RegExp(`packages[\\\\/]shared[\\\\/]src[\\\\/]i18n[\\\\/]${l}\\.ts$`)),
              ]),
            ].sort(),
          ]),
        ),
      };
      this.emitFile({ type: 'asset', fileName: FIRST_LOAD_FILE, source: JSON.stringify(firstLoad) });
      this.emitFile({
        type: 'asset',
        fileName: READING_CODE_FILE,
        source: JSON.stringify([...sets.reading].sort().map((file) => `/${file}`)),
      });
    },
  };
  return { plugin, sets };
}
