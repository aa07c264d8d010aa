import type { Plugin } from 'vite';

/** The file the service worker reads for the reading pages' code (see `shellPrecache`). */
export const READING_CODE_FILE = 'reading-code.json';

/** What the build found: the shell's files (for the precache) and the reading pages' (cached after install). */
export interface CodeSets {
  shell: Set<string>;
  reading: Set<string>;
}

/**
 * Issue 42: the service worker's precache holds the shell only (the entry chunk, what it imports statically
 * and its CSS), not every chunk of the app; the rest is cached as it is used. The pages a member reads
 * offline (`readingPages`, matched on their module's path) and what they import statically are written to
 * dist/reading-code.json, which the worker caches after it installs, unless the phone saves data.
 */
export function shellPrecache(readingPages: RegExp): { plugin: Plugin; sets: CodeSets } {
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
      const walk = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = chunks.get(fileName);
        if (!chunk) return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) walk(imported, into);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) walk(chunk.fileName, sets.shell);
      const reading = new Set<string>();
      for (const chunk of chunks.values())
        if (chunk.facadeModuleId && readingPages.test(chunk.facadeModuleId)) walk(chunk.fileName, reading);
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
