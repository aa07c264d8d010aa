import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/core/config.js';
import type { UserAccounts } from '../users/index.js';

/** The domain of every demo account (seed/demo-data.ts): they all share the password README.md publishes. */
export const DEMO_EMAIL_DOMAIN = 'demo.tribes';

/**
 * What an operator must hear about when a node starts (DESIGN 11.1): how tokens are sold (not at all,
 * or through the sandbox, which credits them without payment) and whether demo accounts are in the
 * database. The demo check is one query at start and one after the seed; GET /v1/health reads the
 * answer kept here, never the database.
 */
export function createSiteRisks({
  config,
  users,
  logger,
}: {
  config: Pick<Config, 'env' | 'payment'>;
  users: Pick<UserAccounts, 'anyWithEmailDomain'>;
  logger: FastifyBaseLogger;
}) {
  const production = config.env === 'production';
  let demoAccounts = false;
  return {
    /** Demo accounts were found by the last check. */
    get demoAccounts() {
      return demoAccounts;
    },

    /** Says at start how tokens are sold, loudly when that is not at all or without payment in production. */
    reportPayments() {
      const provider = config.payment.provider;
      if (provider === 'none') {
        logger.warn(
          { payment_provider: provider },
          'PURCHASES ARE OFF: no PAYMENT_PROVIDER is set, so nobody can buy tokens (set PAYMENT_PROVIDER=stripe with its keys)',
        );
      } else if (provider === 'sandbox' && production) {
        logger.warn(
          { payment_provider: provider },
          'PAYMENT_PROVIDER=sandbox in production: anyone can get tokens without paying (fine for a demo, never for a real community)',
        );
      }
    },

    /**
     * Looks for demo accounts; a production node that finds them warns once, naming the risk: anyone
     * who read the README can sign in as them.
     */
    async checkDemoAccounts(): Promise<boolean> {
      const found = await users.anyWithEmailDomain(DEMO_EMAIL_DOMAIN);
      if (found && !demoAccounts && production) {
        logger.warn(
          { demo_accounts: true },
          `DEMO ACCOUNTS ARE PRESENT (…@${DEMO_EMAIL_DOMAIN}): their shared password is published in the README, so anyone can sign in as them; ` +
            'delete them or start from an empty database before opening this site',
        );
      }
      demoAccounts = found;
      return found;
    },
  };
}

export type SiteRisks = ReturnType<typeof createSiteRisks>;
