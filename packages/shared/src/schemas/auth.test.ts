import { describe, expect, it } from 'vitest';
import { NewPasswordSchema, passwordMentionsAccount, RegisterBodySchema } from './auth.js';

describe('passwordMentionsAccount', () => {
  const account = { email: 'Samira.Haddad+tribes@Example.test', name: 'Samira  Al Haddad' };

  it.each([
    ['the email', 'samira.haddad+tribes@example.test'],
    ['the local part', 'xx SAMIRA.HADDAD+TRIBES xx'],
    ['the local part before the +tag', 'i am samira.haddad!'],
    ['the whole name, spaces folded', 'samira al haddad 2026'],
    ['the name without spaces', 'SamiraAlHaddad'],
    ['a name word of 4 characters or more', 'forever haddad'],
  ])('finds %s', (_label, password) => {
    expect(passwordMentionsAccount(password, account)).toBe(true);
  });

  it('ignores name words under 4 characters and parts under 3', () => {
    expect(passwordMentionsAccount('always all along', account)).toBe(false);
    expect(passwordMentionsAccount('joyful journey', { email: 'jo@example.test', name: 'Li' })).toBe(false);
    expect(passwordMentionsAccount('a long enough passphrase', { email: null, name: null })).toBe(false);
  });
});

describe('new passwords', () => {
  it('refuses a password of only whitespace', () => {
    const result = NewPasswordSchema.safeParse(' \t        ');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('validation.password_blank');
  });

  it('refuses at registration a password containing the name, on the password field', () => {
    const result = RegisterBodySchema.safeParse({
      name: 'Amadou Diallo',
      email: 'amadou@example.test',
      password: 'diallo forever',
      password_confirmation: 'diallo forever',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'validation.password_personal' }),
    ]);
  });
});
