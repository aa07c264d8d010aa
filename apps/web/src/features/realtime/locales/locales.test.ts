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
const isPlural = (key: string) => /_(zero|one|two|few|many|other)$/.test(key);
const base = flatten(en as Tree);

describe('realtime messages', () => {
  it.each(Object.entries({ ar, es, fr, he }))('%s has the keys and placeholders of en, translated', (_lang, bundle) => {
    const other = flatten(bundle as Tree);
    expect(Object.keys(other).sort()).toEqual(Object.keys(base).sort());
    // Plural forms may spell the number out ("منشوران"), so only the other messages must keep every placeholder.
    for (const [key, text] of Object.entries(base))
      if (!isPlural(key)) expect(placeholders(other[key]!), key).toEqual(placeholders(text));
    const copies = Object.entries(base).filter(
      ([key, text]) => key !== 'realtime.bell.label' && key !== 'realtime.bell.title' && other[key] === text,
    );
    expect(copies.map(([k]) => k)).toEqual([]);
  });
});
