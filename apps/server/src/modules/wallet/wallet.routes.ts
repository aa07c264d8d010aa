import { POST_LIMITS, moneyEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CampaignsService } from './campaigns.service.js';
import type { DonationsService } from './donations.service.js';
import type { LedgerView } from './ledger-view.service.js';
import type { WalletService } from './wallet.service.js';
import { readForm } from '#src/core/form.js';
import { idempotencyKey } from '#src/core/idempotency-key.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route, sent } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface WalletRoutesDeps {
  campaigns: CampaignsService;
  donations: DonationsService;
  ledgerView: LedgerView;
  wallet: WalletService;
}

/**
 * Wallet, purchases, donations, campaigns and the public ledger (DESIGN section 5, "Money"; every
 * endpoint is declared in packages/shared/src/contract/money.ts).
 */
export async function walletRoutes(app: FastifyInstance, { ctx }: { ctx: WalletRoutesDeps }) {
  // A campaign's cover has the limits of post photos (10 MB, type decided by content later).
  const coverLimits = { fileSize: POST_LIMITS.imageMaxBytes };
  const write = { config: limit(app, LIMITS.write) };
  const viewer = (req: FastifyRequest) => req.auth?.user ?? null;

  route(app, api.wallet)(async (req) => ({ data: await ctx.wallet.wallet(req.auth!.user) }));
  route(app, api.transactions)(async (req) => ({ data: await ctx.wallet.transactions(req.auth!.user, req.query) }));

  route(
    app,
    api.startPurchase,
    write,
  )(async (req) => {
    const answer = await ctx.wallet.startPurchase(req.auth!.user, req.body, idempotencyKey(req));
    return { data: answer.body, message: 'wallet.purchase_started', statusCode: answer.status };
  });

  route(app, api.payment)(async (req) => ({ data: await ctx.wallet.payment(req.auth!.user, req.params.id) }));
  route(app, api.resumePurchase, write)(async (req) => ({ data: await ctx.wallet.resume(req.auth!.user, req.params.id) }));
  route(
    app,
    api.cancelPurchase,
    write,
  )(async (req) => ({ data: await ctx.wallet.cancel(req.auth!.user, req.params.id), message: 'wallet.purchase_cancelled' }));

  route(
    app,
    api.completeSandbox,
    write,
  )(async (req) => {
    const result = await ctx.wallet.completeSandbox(req.auth!.user, req.params.id, req.body.outcome);
    return { data: result, message: result.status === 'succeeded' ? 'wallet.purchase_succeeded' : 'wallet.purchase_declined' };
  });

  route(
    app,
    api.donate,
    write,
  )(async (req) => {
    const answer = await ctx.donations.donate(req.auth!.user, req.body, { key: idempotencyKey(req), locale: req.locale });
    return { data: answer.body, message: 'donations.created', statusCode: answer.status };
  });

  route(app, api.myDonations)(async (req) => ({ data: await ctx.donations.mine(req.auth!.user) }));
  route(app, api.tribeDonations)(async (req) => ({ data: await ctx.donations.ofTribe(req.params.id) }));

  route(app, api.campaigns)(async (req) => ({ data: await ctx.campaigns.list(req.params.id, viewer(req), req.query) }));

  route(
    app,
    api.createCampaign,
    write,
  )(async (req) => {
    const { fields, files } = await readForm(req, api.createCampaign, coverLimits);
    const campaign = await ctx.campaigns.create(req.params.id, req.auth!.user, fields, files.cover[0] ?? null);
    return { data: { campaign }, message: 'campaigns.created' };
  });

  route(app, api.searchCampaigns)(async (req) => ({ data: await ctx.campaigns.search(viewer(req), req.query) }));
  route(app, api.campaign)(async (req) => ({ data: { campaign: await ctx.campaigns.get(req.params.id, viewer(req)) } }));
  route(app, api.campaignTopDonors)(async (req) => ({ data: await ctx.campaigns.topDonors(req.params.id) }));
  route(app, api.campaignUpdates)(async (req) => ({ data: await ctx.campaigns.updates(req.params.id, req.query) }));
  route(
    app,
    api.postCampaignUpdate,
    write,
  )(async (req) => ({
    data: { update: await ctx.campaigns.postUpdate(req.params.id, req.auth!.user, req.body) },
    message: 'campaigns.update_posted',
  }));
  route(app, api.campaignDonations)(async (req) => ({ data: await ctx.donations.ofCampaign(req.params.id, req.query) }));
  route(app, api.campaignDaily)(async (req) => ({ data: await ctx.donations.dailyOfCampaign(req.params.id) }));

  route(
    app,
    api.updateCampaign,
    write,
  )(async (req) => {
    const { fields, files } = await readForm(req, api.updateCampaign, coverLimits);
    const campaign = await ctx.campaigns.update(req.params.id, req.auth!.user, fields, files.cover[0] ?? null);
    return { data: { campaign }, message: 'campaigns.updated' };
  });

  route(
    app,
    api.closeCampaign,
    write,
  )(async (req) => ({
    data: { campaign: await ctx.campaigns.close(req.params.id, req.auth!.user) },
    message: 'campaigns.closed_ok',
  }));

  route(
    app,
    api.ledger,
  )(async (req, reply) => {
    if (req.query.format !== 'csv') return { data: await ctx.ledgerView.entries(req.params.id, req.query) };
    // The whole ledger as one CSV download (a string with its own content type, so the JSON
    // answer's schema does not apply to it).
    const { filename, body } = await ctx.ledgerView.csv(req.params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ledger.csv"; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .send(body);
    return sent(reply);
  });

  route(
    app,
    api.ledgerHealth,
  )(async () => {
    const data = await ctx.ledgerView.health();
    // Fixed English texts for monitors, not the catalogue's; a failure keeps its data (the endpoint's errorData).
    return data.ok ? { data, text: 'OK.' } : { data, error: true, statusCode: 500, text: 'Ledger invariants broken.' };
  });
}
