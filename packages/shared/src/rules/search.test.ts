import { describe, expect, it } from 'vitest';
import { foldText, foldTextWithOffsets, highlightRanges, searchWords } from './search.js';

describe('foldText', () => {
  it('folds case and Latin accents', () => {
    expect(foldText('Éléonore Ça VA Straße')).toBe('eleonore ca va straße');
    expect(foldText('ﬁancé')).toBe('fiance');
  });

  it('removes Arabic harakat, superscript alef and tatweel', () => {
    expect(foldText('مَدْرَسَةٌ')).toBe(foldText('مدرسة'));
    expect(foldText('كـــتاب')).toBe('كتاب');
    expect(foldText('هٰذا')).toBe('هذا');
  });

  it('makes the alef forms one alef, alef maqsura ya and ta marbuta ha', () => {
    expect(foldText('أحمد')).toBe('احمد');
    expect(foldText('إسلام')).toBe('اسلام');
    expect(foldText('آمنة')).toBe('امنه');
    expect(foldText('ٱلله')).toBe('الله');
    expect(foldText('مستشفى')).toBe('مستشفي');
    expect(foldText('مدرسة')).toBe('مدرسه');
  });

  it('removes Hebrew niqqud and cantillation, and parts words at a maqaf', () => {
    expect(foldText('שָׁלוֹם')).toBe('שלום');
    expect(foldText('בְּרֵאשִׁ֖ית')).toBe('בראשית');
    expect(foldText('כָּל־הָעָם')).toBe('כל העם');
  });

  it('keeps one space between words and none at the ends', () => {
    expect(foldText('  Fest \n\t noz  ')).toBe('fest noz');
    expect(foldText('َ ُ ')).toBe('');
  });

  it('folds the final sigma like any sigma', () => {
    expect(foldText('ΟΔΟΣ')).toBe(foldText('οδος'));
  });
});

describe('foldTextWithOffsets', () => {
  it('points each folded unit at the character it came from', () => {
    const { folded, offsets } = foldTextWithOffsets('Çà  va');
    expect(folded).toBe('ca va');
    expect(offsets).toEqual([0, 1, 2, 4, 5]);
  });
});

describe('highlightRanges', () => {
  it('finds the plain spelling in text with accents and marks, the last word as a prefix', () => {
    const text = 'Le Fest-Noz à Quimper, été';
    const [range] = highlightRanges(text, 'ete');
    expect(text.slice(...range!)).toBe('été');
    const arabic = 'ذهبنا إلى المَدْرَسَة';
    const [hit] = highlightRanges(arabic, 'المدر');
    expect(arabic.slice(...hit!)).toBe('المَدْرَ');
  });

  it('finds nothing for a query that folds to nothing', () => {
    expect(highlightRanges('anything', 'ًٌ')).toEqual([]);
  });
});

describe('searchWords', () => {
  it('splits folded text at punctuation and marks', () => {
    expect(searchWords('Le Fest-Noz, à Quimper!')).toEqual(['le', 'fest', 'noz', 'a', 'quimper']);
    expect(searchWords('100% _vrai_')).toEqual(['100', 'vrai']);
    expect(searchWords('ًٌ')).toEqual([]);
  });
});
