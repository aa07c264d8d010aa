import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

/** Every message file of the app: the main bundle and each feature's own, by folder and language. */
const files = import.meta.glob<{ default: Tree }>(['../locales/*.json', '../features/*/locales/*.json'], { eager: true });

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** Plural forms may spell the number out ("منشوران"), so they need not keep every placeholder. */
const isPlural = (key: string) => /_(zero|one|two|few|many|other)$/.test(key);

const folders = new Map<string, Record<string, Record<string, string>>>();
for (const [file, mod] of Object.entries(files)) {
  const [, folder, lang] = /^(.*)\/(\w+)\.json$/.exec(file)!;
  if (!folders.has(folder!)) folders.set(folder!, {});
  folders.get(folder!)![lang!] = flatten(mod.default);
}

describe.each([...folders.entries()])('messages in %s', (_folder, bundles) => {
  const base = bundles.en!;
  it.each(['ar', 'es', 'fr', 'he'])('%s has the keys and placeholders of en, translated', (lang) => {
    const other = bundles[lang];
    expect(other, `${lang}.json exists`).toBeDefined();
    expect(Object.keys(other!).sort()).toEqual(Object.keys(base).sort());
    for (const [key, text] of Object.entries(base))
      if (!isPlural(key)) expect(placeholders(other![key]!), key).toEqual(placeholders(text));
    // Words that are the same in both languages (Description, Latitude, Tribes...) may match: a few, not 10 %.
    const copies = Object.entries(base).filter(
      ([key, text]) => /[a-z]{4}/i.test(text.replace(/\{\{\w+\}\}/g, '')) && other![key] === text,
    );
    expect(copies.length, copies.map(([k]) => k).join(', ')).toBeLessThan(Math.max(2, Object.keys(base).length / 10));
  });

  // i18next falls back to the bare key, not to _other, when a language's plural form is missing: Arabic
  // needs zero, one, two, few, many and other, so every counted message carries all six in every file.
  it('gives every counted message all six plural forms (Arabic uses them all)', () => {
    const counted = new Set(
      Object.keys(base)
        .filter(isPlural)
        .map((k) => k.replace(/_[a-z]+$/, '')),
    );
    const missing = [...counted].flatMap((stem) =>
      ['zero', 'one', 'two', 'few', 'many', 'other'].filter((f) => !(`${stem}_${f}` in base)).map((f) => `${stem}_${f}`),
    );
    expect(missing).toEqual([]);
  });
});
