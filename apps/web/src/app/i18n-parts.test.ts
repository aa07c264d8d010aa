import { afterEach, describe, expect, it, vi } from 'vitest';
import { isGuestMessages } from '../lib/guest-messages';

/** The app's i18n module as the production build runs it (the signed-in features' messages not wanted at first). */
async function productionI18n() {
  vi.stubEnv('PROD', true);
  vi.resetModules();
  return import('./i18n');
}

describe('interface messages in two parts', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('tells the guest pages’ messages from the signed-in features’', () => {
    expect(isGuestMessages('/src/locales/en.json')).toBe(true);
    expect(isGuestMessages('/src/features/identity/locales/ar.json')).toBe(true);
    expect(isGuestMessages('/src/features/twofactor/locales/he.json')).toBe(true);
    expect(isGuestMessages('/src/features/posts/locales/en.json')).toBe(false);
    expect(isGuestMessages('C:\\app\\src\\features\\money\\locales\\fr.json')).toBe(false);
  });

  it('starts with the guest part only, adds the signed-in part when a page wants it, and keeps both across a language change', async () => {
    const { i18n, initI18n, loadMemberMessages, changeLocale } = await productionI18n();
    await initI18n('en');
    expect(i18n.exists('signIn.title')).toBe(true);
    expect(i18n.exists('twoFactor')).toBe(true);
    expect(i18n.exists('posts.composer.title')).toBe(false);

    await loadMemberMessages();
    expect(i18n.exists('posts.composer.title')).toBe(true);

    await changeLocale('fr');
    expect(i18n.getResource('fr', 'translation', 'posts.composer.title')).toEqual(expect.any(String));
    expect(i18n.getResource('fr', 'translation', 'signIn.title')).toEqual(expect.any(String));
  });

  it('asked before the start’s language (a first page preloaded), the start loads the signed-in part along', async () => {
    const { i18n, initI18n, loadMemberMessages } = await productionI18n();
    await loadMemberMessages();
    await initI18n('ar');
    expect(i18n.getResource('ar', 'translation', 'posts.composer.title')).toEqual(expect.any(String));
  });
});
