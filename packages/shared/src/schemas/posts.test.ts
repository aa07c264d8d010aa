import { describe, expect, it } from 'vitest';
import { hashtagsOf, tokenizePost } from './posts.js';

describe('tokenizePost', () => {
  it('finds links, hashtags and mentions in Latin text', () => {
    expect(tokenizePost('Meet @Amina at https://example.org/x?y=1. #Atlas #weaving!')).toEqual([
      { type: 'text', value: 'Meet ' },
      { type: 'mention', value: '@Amina', name: 'Amina' },
      { type: 'text', value: ' at ' },
      { type: 'link', value: 'https://example.org/x?y=1', href: 'https://example.org/x?y=1' },
      { type: 'text', value: '. ' },
      { type: 'hashtag', value: '#Atlas', tag: 'atlas' },
      { type: 'text', value: ' ' },
      { type: 'hashtag', value: '#weaving', tag: 'weaving' },
      { type: 'text', value: '!' },
    ]);
  });

  it('finds hashtags in Arabic and Hebrew, and ignores emails and mid-word hashes', () => {
    expect(hashtagsOf('مرحبا #الأطلس و #שבט')).toEqual(['الأطلس', 'שבט']);
    const tokens = tokenizePost('write to amina@example.org or see issue#12');
    expect(tokens).toEqual([{ type: 'text', value: 'write to amina@example.org or see issue#12' }]);
  });

  it('keeps text that has none of them as one piece', () => {
    expect(tokenizePost('Just words.\nSecond paragraph.')).toEqual([{ type: 'text', value: 'Just words.\nSecond paragraph.' }]);
  });
});
