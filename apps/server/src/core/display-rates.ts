/**
 * TOKEN_DISPLAY_RATES: the local money the web shows beside tokens (DESIGN 10.4), as JSON of an ISO
 * 4217 currency code to the number of tokens one unit of it buys, e.g. {"USD":100,"EUR":108,"MAD":10}.
 * Display only: tokens are bought in TOKEN_CURRENCY at TOKEN_PRICE_CENTS, never at these rates.
 */
export type DisplayRates = Record<string, number>;

/** At most this many currencies, so the config answer stays small. */
const MAX_CURRENCIES = 20;

/**
 * Approximate value of one unit of each default currency in US cents (USD 100, EUR ~108, MAD ~10,
 * ILS ~27), so the default rates follow TOKEN_PRICE_CENTS: tokens per unit = cents per unit / price.
 */
const DEFAULT_UNIT_CENTS: Record<string, number> = { USD: 100, EUR: 108, MAD: 10, ILS: 27 };

/** The default rates for a token price in US cents: USD exact, EUR, MAD and ILS approximate. */
export function defaultDisplayRates(tokenPriceCents: number): DisplayRates {
  return Object.fromEntries(
    Object.entries(DEFAULT_UNIT_CENTS).map(([code, cents]) => [code, Math.round((cents / tokenPriceCents) * 10_000) / 10_000]),
  );
}

/** Reads TOKEN_DISPLAY_RATES; answers the rates, or why they are refused as a sentence. */
export function parseDisplayRates(raw: string): DisplayRates | string {
  const refusal = 'must be JSON of currency codes to tokens per unit, like {"USD":100,"EUR":108}';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return refusal;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refusal;
  const entries = Object.entries(value);
  if (entries.length === 0 || entries.length > MAX_CURRENCIES) return `${refusal} (1 to ${MAX_CURRENCIES} currencies)`;
  const rates: DisplayRates = {};
  for (const [code, rate] of entries) {
    if (!/^[A-Z]{3}$/.test(code)) return `${refusal}: "${code.slice(0, 20)}" is not a three-letter currency code`;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > 1e9)
      return `${refusal}: the rate of ${code} must be a number greater than 0`;
    rates[code] = rate;
  }
  return rates;
}
