import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { ar } from '@tribes/shared/i18n/ar';
import { en } from '@tribes/shared/i18n/en';
import { es } from '@tribes/shared/i18n/es';
import { fr } from '@tribes/shared/i18n/fr';
import { he } from '@tribes/shared/i18n/he';
import { BROWSER_MESSAGE_PREFIX, catalogueForBrowser, SERVER_CATALOGUES } from '../../server-messages-for-browser';

type Parse = Parameters<typeof catalogueForBrowser>[1];
const parse = ((code: string) => parseAst(code)) as unknown as Parse;
const here = path.dirname(fileURLToPath(import.meta.url));
const catalogues = { en, ar, fr, he, es } as Record<string, Record<string, string>>;

/** The module a rewritten catalogue becomes, evaluated: its exported object. */
async function evaluate(js: string): Promise<Record<string, string>> {
  const body = js.replace(/^import[^;]*;$/gm, '').replace(/export const (\w+)\s*=/, 'return ');
  return new Function(body)() as Record<string, string>;
}

describe("the server's catalogues in the browser build (server-messages-for-browser.ts)", () => {
  it('keeps exactly the validation messages of each language, text for text', async () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const file = path.resolve(here, `../../../../packages/shared/src/i18n/${locale}.ts`);
      expect(SERVER_CATALOGUES.test(file)).toBe(true);
      const js = (await transformWithOxc(readFileSync(file, 'utf8'), file)).code;
      const out = catalogueForBrowser(js, parse);
      expect(out, locale).not.toBeNull();
      const kept = await evaluate(out!);
      const wanted = Object.fromEntries(Object.entries(catalogue).filter(([key]) => key.startsWith(BROWSER_MESSAGE_PREFIX)));
      expect(Object.keys(wanted).length).toBeGreaterThan(50);
      expect(kept, locale).toEqual(wanted);
      // The mails, notifications and receipts are gone (most of the file).
      expect(Object.keys(kept).length).toBeLessThan(Object.keys(catalogue).length / 2);
    }
    expect(SERVER_CATALOGUES.test(path.resolve(here, '../../../../packages/shared/src/i18n/keys.ts'))).toBe(false);
  });

  it('leaves a module that is not a plain catalogue alone', () => {
    expect(catalogueForBrowser('export const a = { ...b, "validation.x": "y" };', parse)).toBeNull();
    expect(catalogueForBrowser('export function f() { return 1; }', parse)).toBeNull();
  });

  it('the web translates nothing but validation messages with them', () => {
    // Every literal key the web passes to lib/server-messages.ts's translate (rules carry theirs as `key: '...'`).
    const src = path.resolve(here, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(src);
    const users = files.filter((file) => /from '(\.\.?\/)+(lib\/)?server-messages'/.test(readFileSync(file, 'utf8')));
    expect(users.length).toBeGreaterThan(3);
    for (const file of users) {
      const code = readFileSync(file, 'utf8');
      const keys = [...code.matchAll(/(?:translate\([^,]+,\s*|key:\s*)'([a-z_]+\.[a-z_.]+)'/g)].map((m) => m[1]!);
      for (const key of keys) expect(key, path.relative(src, file)).toMatch(/^validation\./);
    }
  });
});
