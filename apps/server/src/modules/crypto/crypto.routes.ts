import { cryptoEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { CryptoWalletsService } from './crypto.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface CryptoRoutesDeps {
  cryptoWallets: CryptoWalletsService;
}

/** Linked crypto wallets (DESIGN section 5; every endpoint is declared in packages/shared/src/contract/crypto.ts). */
export async function cryptoRoutes(app: FastifyInstance, { ctx }: { ctx: CryptoRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };

  route(app, api.list)(async (req) => ({ data: await ctx.cryptoWallets.list(req.auth!.user) }));
  route(app, api.nonce, write)(async (req) => ({ data: await ctx.cryptoWallets.nonce(req.auth!.user) }));
  route(
    app,
    api.link,
    write,
  )(async (req) => ({
    data: { wallet: await ctx.cryptoWallets.link(req.auth!.user, req.body.message, req.body.signature) },
    message: 'crypto.linked',
  }));
  route(
    app,
    api.unlink,
    write,
  )(async (req) => {
    await ctx.cryptoWallets.unlink(req.auth!.user, req.params.id);
    return { data: {}, message: 'crypto.unlinked' };
  });
}
