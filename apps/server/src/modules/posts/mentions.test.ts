import { describe, expect, it } from 'vitest';
import { MAX_MENTIONS, matchMentions, mentionCandidates } from './mentions.js';

const amina = { id: 'amina', name: 'Amina' };
const aminaIdrissi = { id: 'amina-idrissi', name: 'Amina Idrissi' };
const youssef = { id: 'youssef', name: 'يوسف العلوي' };
const noa = { id: 'noa', name: 'נועה כהן' };
const people = [amina, aminaIdrissi, youssef, noa];

describe('matchMentions', () => {
  it('takes the longest name the text continues with (a name that is a prefix of another)', () => {
    expect(matchMentions('Thanks @Amina Idrissi for the photos', people)).toEqual(['amina-idrissi']);
    expect(matchMentions('Thanks @Amina for the photos', people)).toEqual(['amina']);
    expect(matchMentions('@Amina Idrissi and @Amina', people)).toEqual(['amina-idrissi', 'amina']);
  });

  it('reads Arabic and Hebrew names with their spaces', () => {
    expect(matchMentions('شكرا @يوسف العلوي على المساعدة', people)).toEqual(['youssef']);
    expect(matchMentions('תודה @נועה כהן!', people)).toEqual(['noa']);
  });

  it('ignores case and stops at punctuation after the name', () => {
    expect(matchMentions('hi @amina idrissi, see you', people)).toEqual(['amina-idrissi']);
    expect(matchMentions('(@AMINA)', people)).toEqual(['amina']);
    expect(matchMentions('@Amina Idrissi.', people)).toEqual(['amina-idrissi']);
  });

  it('needs the name to end where a word ends', () => {
    // "Aminata" is not "Amina" followed by more text.
    expect(matchMentions('@Aminata said so', people)).toEqual([]);
    // "Amina Idrissia" falls back on the shorter name that does end at a word's end.
    expect(matchMentions('@Amina Idrissia', people)).toEqual(['amina']);
  });

  it('does not read addresses or an @ inside a word as mentions', () => {
    expect(matchMentions('write to contact@Amina.example or x@Amina', people)).toEqual([]);
    expect(matchMentions('@ Amina', people)).toEqual([]);
  });

  it('names each person once and at most ten people', () => {
    expect(matchMentions('@Amina @amina @Amina', people)).toEqual(['amina']);
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, name: `Person ${String.fromCharCode(65 + i)}` }));
    const text = many.map((p) => `@${p.name}`).join(' ');
    expect(matchMentions(text, many)).toEqual(many.slice(0, MAX_MENTIONS).map((p) => p.id));
  });
});

describe('mentionCandidates', () => {
  it('lists, folded, every stretch after an @ that ends where a word ends', () => {
    const c = mentionCandidates('hi @Amina Idrissi, ok');
    expect(c).toEqual(expect.arrayContaining(['amina', 'amina idrissi', 'amina idrissi, ok']));
    expect(c).not.toContain('amin');
    expect(mentionCandidates('mail me at a@b.example')).toEqual([]);
    expect(mentionCandidates('@يوسف العلوي')).toEqual(['يوسف', 'يوسف العلوي']);
  });
});
