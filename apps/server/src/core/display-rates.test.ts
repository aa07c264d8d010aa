import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '@tribes/shared';
import { ConfigError, loadConfig } from './config.js';
import { defaultDisplayRates } from './display-rates.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tribes-rates-')), ...env });

describe('TOKEN_DISPLAY_RATES', () => {
  it('defaults to USD, EUR, MAD and ILS following the token price', () => {
    expect(load({}).payment.displayRates).toEqual({ USD: 100, EUR: 108, MAD: 10, ILS: 27 });
    // 4 cents a token: a dollar buys 25 tokens.
    expect(load({ TOKEN_PRICE_CENTS: '4' }).payment.displayRates).toEqual({ USD: 25, EUR: 27, MAD: 2.5, ILS: 6.75 });
    expect(defaultDisplayRates(3).USD).toBe(33.3333);
  });

  it('takes the operator’s currencies in their order', () => {
    const rates = load({ TOKEN_DISPLAY_RATES: '{"MAD":9.5,"USD":100}' }).payment.displayRates;
    expect(rates).toEqual({ MAD: 9.5, USD: 100 });
    expect(Object.keys(rates)).toEqual(['MAD', 'USD']);
  });

  it.each([
    ['not json', 'must be JSON'],
    ['[1,2]', 'must be JSON'],
    ['{}', '1 to 20 currencies'],
    ['{"usd":100}', 'three-letter currency code'],
    ['{"USD":0}', 'greater than 0'],
    ['{"USD":"100"}', 'greater than 0'],
    ['{"USD":-1}', 'greater than 0'],
  ])('refuses %s at start with a sentence naming the variable', (raw, words) => {
    expect(() => load({ TOKEN_DISPLAY_RATES: raw })).toThrow(ConfigError);
    try {
      load({ TOKEN_DISPLAY_RATES: raw });
    } catch (err) {
      expect((err as Error).message).toContain('TOKEN_DISPLAY_RATES');
      expect((err as Error).message).toContain(words);
    }
  });
});
