import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.js';

describe('detectLanguage', () => {
  it('tells the five languages of the interface apart', () => {
    expect(detectLanguage('Le fest-noz aura lieu samedi soir dans la salle des fêtes, venez nombreux avec vos amis.')).toBe('fr');
    expect(detectLanguage('The harvest festival starts on Saturday evening in the village hall, bring your friends.')).toBe('en');
    expect(detectLanguage('سيقام المهرجان مساء يوم السبت في قاعة القرية، أحضروا أصدقاءكم معكم.')).toBe('ar');
    expect(detectLanguage('הפסטיבל יתקיים במוצאי שבת באולם הכפר, הביאו איתכם את החברים.')).toBe('he');
    expect(detectLanguage('La fiesta empieza el sábado por la noche en el salón del pueblo, traed a vuestros amigos.')).toBe(
      'es',
    );
  });

  it('leaves a text too short to tell unknown, links and tags aside', () => {
    expect(detectLanguage('ok!')).toBeNull();
    expect(detectLanguage('https://example.org/a-very-long-link-with-words #atlas @amina')).toBeNull();
  });
});
