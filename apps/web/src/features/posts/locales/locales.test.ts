import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import he from './he.json';

type Tree = { [key: string]: string | Tree };

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
const bundles = { ar, es, fr, he } as Record<string, Tree>;
const base = flatten(en as Tree);

describe('posts and people messages', () => {
  it.each(Object.keys(bundles))('%s has the same keys and placeholders as en, translated', (lang) => {
    const other = flatten(bundles[lang]!);
    expect(Object.keys(other).sort()).toEqual(Object.keys(base).sort());
    for (const [key, text] of Object.entries(base)) expect(placeholders(other[key]!), key).toEqual(placeholders(text));
    const copies = Object.entries(base).filter(
      ([key, text]) => /[a-z]{4}/i.test(text.replace(/\{\{\w+\}\}/g, '')) && other[key] === text,
    );
    // Only words that are the same in both languages (Description, Latitude, Villages...) may match: a few, not 10 %.
    expect(copies.length, copies.map(([k]) => k).join(', ')).toBeLessThan(Object.keys(base).length / 10);
  });
});
