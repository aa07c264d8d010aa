import type { CampaignsRepo } from './campaigns.repo.js';
import type { Ledger } from './ledger.repo.js';

/** What the treasury reads of campaigns (a campaign, the titles of several): backed by the wallet's campaigns repo. */
export type CampaignReads = Pick<CampaignsRepo, 'find' | 'titlesOf'>;

/** What the treasury asks of the ledger: the accounts it pays from and into, and the transfer of a payout. */
export type LedgerAccounts = Pick<Ledger, 'accountOf' | 'publicAccountsOf' | 'systemAccount' | 'transfer'>;
