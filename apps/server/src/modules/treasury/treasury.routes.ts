import { EXPENSE_LIMITS, TWO_FACTOR_HEADER, treasuryEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PledgesService } from './pledges.service.js';
import type { Receipts } from './receipts.js';
import type { ExpensesService } from './expenses.service.js';
import type { FundsService } from './funds.service.js';
import { readForm } from '#src/core/form.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route, sendPdf } from '#src/core/route.js';
import { idempotencyKey } from '#src/core/idempotency-key.js';

/** The fresh code a leader with 2FA on sends with a decision or a payout (a header: the body is the act's). */
function twoFactorCode(req: FastifyRequest): string | undefined {
  const value = req.headers[TWO_FACTOR_HEADER];
  const code = (Array.isArray(value) ? value[0] : value)?.trim();
  return code ? code.slice(0, 20) : undefined;
}

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface TreasuryRoutesDeps {
  expenses: ExpensesService;
  funds: FundsService;
  pledges: PledgesService;
  receipts: Receipts;
}

/** The treasury's endpoints (packages/shared/src/contract/treasury.ts; DESIGN 10.4). */
export async function treasuryRoutes(app: FastifyInstance, { ctx }: { ctx: TreasuryRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };
  const viewer = (req: FastifyRequest) => req.auth?.user ?? null;

  route(
    app,
    api.proposeExpense,
    write,
  )(async (req) => {
    const key = idempotencyKey(req);
    // One more than allowed is read, so the service can word "at most five" rather than a bare 413.
    const { fields, files } = await readForm(req, api.proposeExpense, {
      fileSize: EXPENSE_LIMITS.receiptMaxBytes,
      maxFiles: EXPENSE_LIMITS.receiptsMax + 1,
    });
    const answer = await ctx.expenses.propose(req.params.id, req.auth!.user, fields, files.receipts, key);
    return { data: answer.body, message: 'expenses.proposed', statusCode: answer.status };
  });

  route(
    app,
    api.donationReceipt,
  )(async (req, reply) => sendPdf(reply, await ctx.receipts.receipt(req.params.id, req.auth!.user, req.locale)));
  route(
    app,
    api.donationStatement,
  )(async (req, reply) => sendPdf(reply, await ctx.receipts.statement(req.auth!.user, req.query.year, req.locale)));

  route(app, api.summary)(async (req) => ({ data: await ctx.funds.summary(req.params.id, viewer(req)) }));
  route(app, api.expenses)(async (req) => ({ data: await ctx.expenses.list(req.params.id, viewer(req), req.query) }));
  route(app, api.expense)(async (req) => ({ data: { expense: await ctx.expenses.get(req.params.id, viewer(req)) } }));

  route(
    app,
    api.approveExpense,
    write,
  )(async (req) => ({
    data: { expense: await ctx.expenses.approve(req.params.id, req.auth!.user, req.body, twoFactorCode(req)) },
    message: 'expenses.approved',
  }));

  route(
    app,
    api.rejectExpense,
    write,
  )(async (req) => ({
    data: { expense: await ctx.expenses.reject(req.params.id, req.auth!.user, req.body, twoFactorCode(req)) },
    message: 'expenses.rejected',
  }));

  route(
    app,
    api.refundDonation,
    write,
  )(async (req) => ({
    data: { refund: await ctx.funds.refund(req.params.id, req.auth!.user, req.body, twoFactorCode(req)) },
    message: 'refunds.done',
  }));

  route(
    app,
    api.createPledge,
    write,
  )(async (req) => ({ data: { pledge: await ctx.pledges.create(req.auth!.user, req.body) }, message: 'pledges.created' }));
  route(app, api.myPledges)(async (req) => ({ data: await ctx.pledges.mine(req.auth!.user) }));
  route(
    app,
    api.updatePledge,
    write,
  )(async (req) => ({
    data: { pledge: await ctx.pledges.update(req.params.id, req.auth!.user, req.body) },
    message: 'pledges.updated',
  }));
  route(
    app,
    api.cancelPledge,
    write,
  )(async (req) => ({
    data: { pledge: await ctx.pledges.cancel(req.params.id, req.auth!.user) },
    message: 'pledges.cancelled_ok',
  }));

  route(
    app,
    api.payExpense,
    write,
  )(async (req) => {
    const answer = await ctx.funds.pay(req.params.id, req.auth!.user, req.body, idempotencyKey(req), twoFactorCode(req));
    return { data: answer.body, message: 'expenses.paid', statusCode: answer.status };
  });
}
