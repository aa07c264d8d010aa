import {
  CreateCampaignBodySchema,
  DonationBodySchema,
  IdParamsSchema,
  IdempotencyKeySchema,
  LedgerQuerySchema,
  PageQuerySchema,
  PurchaseBodySchema,
  SandboxCompleteBodySchema,
  TransactionsQuerySchema,
  TribeRefParamsSchema,
  UpdateCampaignBodySchema,
} from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { fieldError } from '#src/core/errors.js';
import { idempotent, requestHash } from '#src/core/idempotency.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { readCampaignForm } from './campaign-form.js';
import { ledgerCsv } from './ledger-view.service.js';

/** Campaigns are written as JSON, or as multipart when a cover image comes with them. */
const CAMPAIGN_FORM = ['multipart/form-data', 'application/json'];

/** The Idempotency-Key of a money POST, required. */
function idempotencyKey(req: FastifyRequest): string {
  const parsed = IdempotencyKeySchema.safeParse(req.headers['idempotency-key']);
  if (!parsed.success) throw fieldError('idempotency_key', 'validation.idempotency_key');
  return parsed.data;
}

/** Wallet, purchases, donations, campaigns and the public ledger (DESIGN section 5, "Money"). */
export async function walletRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['money'];
  const guarded = { onRequest: [app.authenticate] };
  const write = { ...guarded, config: limit(app, LIMITS.write) };
  const open = { onRequest: [app.identify] };

  r.get('/v1/wallet', { ...guarded, schema: { tags } }, async (req, reply) =>
    success(req, reply, await ctx.wallet.wallet(req.auth!.user)),
  );
  r.get('/v1/wallet/transactions', { ...guarded, schema: { tags, querystring: TransactionsQuerySchema } }, async (req, reply) =>
    success(req, reply, await ctx.wallet.transactions(req.auth!.user, req.query)),
  );

  r.post('/v1/wallet/purchases', { ...write, schema: { tags, body: PurchaseBodySchema } }, async (req, reply) => {
    const key = idempotencyKey(req);
    const user = req.auth!.user;
    const answer = await idempotent(
      ctx.db,
      { userId: user.id, key, hash: requestHash('purchase', req.body), now: ctx.clock.now(), status: 201 },
      (tx) => ctx.wallet.startPurchase(user, req.body.tokens, tx),
    );
    return success(req, reply, answer.body, 'wallet.purchase_started', undefined, answer.status);
  });
  r.get('/v1/wallet/purchases/:id', { ...guarded, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, await ctx.wallet.payment(req.auth!.user, req.params.id)),
  );
  r.post(
    '/v1/payments/sandbox/:id/complete',
    { ...write, schema: { tags, params: IdParamsSchema, body: SandboxCompleteBodySchema } },
    async (req, reply) => {
      const result = await ctx.wallet.completeSandbox(req.auth!.user, req.params.id, req.body.outcome);
      return success(
        req,
        reply,
        result,
        result.status === 'succeeded' ? 'wallet.purchase_succeeded' : 'wallet.purchase_declined',
      );
    },
  );

  r.post('/v1/donations', { ...write, schema: { tags, body: DonationBodySchema } }, async (req, reply) => {
    const key = idempotencyKey(req);
    const user = req.auth!.user;
    const answer = await idempotent(
      ctx.db,
      { userId: user.id, key, hash: requestHash('donation', req.body), now: ctx.clock.now(), status: 201 },
      (tx) => ctx.donations.donate(user, req.body, tx),
    );
    if (!answer.replayed) ctx.donations.afterCommit(user, answer.body.donation, req.locale);
    return success(req, reply, answer.body, 'donations.created', undefined, answer.status);
  });
  r.get('/v1/me/donations', { ...guarded, schema: { tags } }, async (req, reply) =>
    success(req, reply, await ctx.donations.mine(req.auth!.user)),
  );
  r.get('/v1/tribes/:id/donations', { ...open, schema: { tags, params: TribeRefParamsSchema } }, async (req, reply) =>
    success(req, reply, await ctx.donations.ofTribe(req.params.id)),
  );

  r.get(
    '/v1/tribes/:id/campaigns',
    { ...open, schema: { tags, params: TribeRefParamsSchema, querystring: PageQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.campaigns.list(req.params.id, req.auth?.user ?? null, req.query)),
  );
  r.post(
    '/v1/tribes/:id/campaigns',
    { ...write, schema: { tags, params: TribeRefParamsSchema, consumes: CAMPAIGN_FORM } },
    async (req, reply) => {
      const { fields, cover } = await readCampaignForm(req, CreateCampaignBodySchema);
      const campaign = await ctx.campaigns.create(req.params.id, req.auth!.user, fields, cover);
      return success(req, reply, { campaign }, 'campaigns.created', undefined, 201);
    },
  );
  r.get('/v1/campaigns/:id', { ...open, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { campaign: await ctx.campaigns.get(req.params.id, req.auth?.user ?? null) }),
  );
  r.get(
    '/v1/campaigns/:id/donations',
    { ...open, schema: { tags, params: IdParamsSchema, querystring: PageQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.donations.ofCampaign(req.params.id, req.query)),
  );
  r.get('/v1/campaigns/:id/daily', { ...open, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, await ctx.donations.dailyOfCampaign(req.params.id)),
  );
  r.patch(
    '/v1/campaigns/:id',
    { ...write, schema: { tags, params: IdParamsSchema, consumes: CAMPAIGN_FORM } },
    async (req, reply) => {
      const { fields, cover } = await readCampaignForm(req, UpdateCampaignBodySchema);
      const campaign = await ctx.campaigns.update(req.params.id, req.auth!.user, fields, cover);
      return success(req, reply, { campaign }, 'campaigns.updated');
    },
  );
  r.post('/v1/campaigns/:id/close', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { campaign: await ctx.campaigns.close(req.params.id, req.auth!.user) }, 'campaigns.closed_ok'),
  );

  r.get(
    '/v1/tribes/:id/ledger',
    { ...open, schema: { tags, params: TribeRefParamsSchema, querystring: LedgerQuerySchema } },
    async (req, reply) => {
      if (req.query.format === 'csv') {
        // The whole ledger, page by page, as one CSV download.
        const all = [];
        let cursor: string | undefined;
        let name: string;
        do {
          const page = await ctx.ledgerView.entries(req.params.id, { cursor, limit: 50 });
          name = page.tribe_name;
          all.push(...page.items);
          cursor = page.next_cursor ?? undefined;
        } while (cursor && all.length < 100_000);
        const filename = `${name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase() || 'tribe'}-ledger.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ledger.csv"; filename*=UTF-8''${encodeURIComponent(filename)}`)
          .send(ledgerCsv(all));
      }
      return success(req, reply, await ctx.ledgerView.entries(req.params.id, req.query));
    },
  );

  r.get('/v1/health/ledger', { schema: { tags } }, async (req, reply) => {
    const check = await ctx.ledger.checkInvariants();
    return reply.code(check.ok ? 200 : 500).send({
      status: check.ok ? 'success' : 'error',
      message: check.ok ? 'OK.' : 'Ledger invariants broken.',
      data: { ok: check.ok, accounts: check.accounts },
    });
  });
}
