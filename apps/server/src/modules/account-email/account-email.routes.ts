import { accountEmailEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { AccountEmailService } from './account-email.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { UserViews } from '../users/index.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface AccountEmailRoutesDeps {
  accountEmail: AccountEmailService;
  /** The account's answer object once the email is saved. */
  users: UserViews;
}

/**
 * Adding or changing the signed-in account's email with a code (packages/shared/src/contract/account-email.ts).
 * Both are limited per IP like the other code endpoints; the sends also per address and per account.
 */
export async function accountEmailRoutes(app: FastifyInstance, { ctx }: { ctx: AccountEmailRoutesDeps }) {
  const codes = { config: limit(app, LIMITS.otp) };

  route(
    app,
    api.sendCode,
    codes,
  )(async (req) => {
    await ctx.accountEmail.sendCode(req.auth!.user, req.body.email, req.locale);
    return { data: {}, message: 'account_email.code_sent', params: { email: req.body.email } };
  });

  route(
    app,
    api.confirm,
    codes,
  )(async (req) => {
    const row = await ctx.accountEmail.confirm(req.auth!.user, req.body.email, req.body.code, req.locale);
    return { data: { user: ctx.users.view(row) }, message: 'account_email.saved' };
  });
}
