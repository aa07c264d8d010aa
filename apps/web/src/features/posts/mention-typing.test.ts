import { describe, expect, it } from 'vitest';
import { insertMention, typedMention } from './mention-typing';

describe('typedMention', () => {
  it('finds the @ before the caret and what follows it, names with spaces included', () => {
    expect(typedMention('Hello @Ami', 10)).toEqual({ at: 6, query: 'Ami' });
    expect(typedMention('@', 1)).toEqual({ at: 0, query: '' });
    expect(typedMention('thanks @Amina Ben', 17)).toEqual({ at: 7, query: 'Amina Ben' });
    expect(typedMention('שלום @דני', 9)).toEqual({ at: 5, query: 'דני' });
    expect(typedMention('مرحبا @ف', 8)).toEqual({ at: 6, query: 'ف' });
  });

  it('is no mention inside a word or an address, on an earlier line, after a double space or too long', () => {
    expect(typedMention('mail a@b', 8)).toBeNull();
    expect(typedMention('@Ami\nnext', 9)).toBeNull();
    expect(typedMention('@Ami  and', 9)).toBeNull();
    expect(typedMention('@ Ami', 5)).toBeNull();
    expect(typedMention('@Amina ', 7)).toBeNull();
    expect(typedMention(`@${'a'.repeat(41)}`, 42)).toBeNull();
    expect(typedMention('@a b c d', 8)).toBeNull();
    expect(typedMention('no at here', 5)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(typedMention('Hi @Amina there', 6)).toEqual({ at: 3, query: 'Am' });
  });
});

describe('insertMention', () => {
  it('replaces what was typed with the name and a space, and puts the caret after it', () => {
    const text = 'Thanks @ami for this';
    const m = typedMention(text, 11)!;
    expect(insertMention(text, m, 11, 'Amina Ben')).toEqual({ text: 'Thanks @Amina Ben for this', caret: 18 });
    expect(insertMention('@a', { at: 0, query: 'a' }, 2, 'Ali')).toEqual({ text: '@Ali ', caret: 5 });
  });
});
