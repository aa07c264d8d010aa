import type { Plugin } from 'vite';

/** Never cached ahead: other pages (each cached when opened), the map, the sign-in providers, the locales. */
const NOT_AHEAD_MODULE = /[\\/]src[\\/]routes[\\/]|map|leaflet|firebase/;
const NOT_AHEAD_FILE = /^assets\/(?:(?:en|ar|fr|he|es)-|.*(?:map|leaflet|countries|firebase|location-picker))/;

/** The file the service worker reads for the reading pages' code (see `shellPrecache`). */
export const READING_CODE_FILE = 'reading-code.json';

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
export function shellPrecache(readingPages: RegExp, offlineParts: RegExp): { plugin: Plugin; sets: CodeSets } {
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
      this.emitFile({
        type: 'asset',
        fileName: READING_CODE_FILE,
        source: JSON.stringify([...sets.reading].sort().map((file) => `/${file}`)),
      });
    },
  };
  return { plugin, sets };
}
