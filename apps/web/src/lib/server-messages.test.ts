import { describe, expect, it } from 'vitest';
import { loadServerMessages, translate } from './server-messages';

describe('server messages in the web', () => {
  it('hold only the languages loaded, and translate a language once it is', async () => {
    // Not loaded yet: the key comes back as it is (the app loads a language before rendering in it).
    expect(translate('fr', 'validation.required')).toBe('validation.required');
    await loadServerMessages('fr');
    expect(translate('fr', 'validation.required')).not.toBe('validation.required');
    expect(translate('es', 'validation.required')).toBe('validation.required');
    await loadServerMessages('es');
    expect(translate('es', 'validation.string_min', { min: 2, count: 2 })).toMatch(/2/);
  });

  it('leaves an unknown key unchanged', async () => {
    await loadServerMessages('en');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
