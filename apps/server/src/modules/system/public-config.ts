import { TOKEN_CURRENCY, type PublicConfig } from '@tribes/shared';
import type { Config } from '#src/core/config.js';

/**
 * What the web app needs to know at run time and cannot at build time (the realtime key is per install): the
 * data of GET /v1/config, also inlined into the served index.html so the app starts without asking (issue 42).
 */
export function publicConfigOf(ctx: { config: Config; realtime: { appKey: string } }): PublicConfig {
  const url = ctx.config.publicUrl;
  const scheme: 'http' | 'https' = url.protocol === 'https:' ? 'https' : 'http';
  return {
    realtime: {
      key: ctx.realtime.appKey,
      host: url.hostname,
      port: Number(url.port || (scheme === 'https' ? 443 : 80)),
      scheme,
    },
    // What the buy-tokens confirmation shows: the price of one token (integer cents, never a float).
    payments: {
      provider: ctx.config.payment.provider,
      token_price_cents: ctx.config.payment.tokenPriceCents,
      currency: TOKEN_CURRENCY,
      display_currencies: Object.keys(ctx.config.payment.displayRates),
      display_rates: ctx.config.payment.displayRates,
    },
    map: { tile_url: ctx.config.map.tileUrl, attribution: ctx.config.map.attribution },
    translation: { enabled: ctx.config.translation !== null },
  };
}
