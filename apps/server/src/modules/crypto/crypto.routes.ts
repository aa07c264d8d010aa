import { IdParamsSchema } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';

const LinkBodySchema = z.strictObject({ message: z.string().min(1).max(4000), signature: z.string().min(1).max(1000) });

/** Linked crypto wallets (DESIGN section 5). */
export async function cryptoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['crypto'];
  const guarded = { onRequest: [app.authenticate] };
  const write = { ...guarded, config: limit(app, LIMITS.write) };
  r.get('/v1/crypto_wallets', { ...guarded, schema: { tags } }, async (req, reply) =>
    success(req, reply, await ctx.cryptoWallets.list(req.auth!.user)),
  );
  r.post('/v1/crypto_wallets/nonce', { ...write, schema: { tags } }, async (req, reply) =>
    success(req, reply, await ctx.cryptoWallets.nonce(req.auth!.user)),
  );
  r.post('/v1/crypto_wallets', { ...write, schema: { tags, body: LinkBodySchema } }, async (req, reply) =>
    success(
      req,
      reply,
      { wallet: await ctx.cryptoWallets.link(req.auth!.user, req.body.message, req.body.signature) },
      'crypto.linked',
      undefined,
      201,
    ),
  );
  r.delete('/v1/crypto_wallets/:id', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await ctx.cryptoWallets.unlink(req.auth!.user, req.params.id);
    return success(req, reply, {}, 'crypto.unlinked');
  });
}
