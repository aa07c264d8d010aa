/**
 * The wallet module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { isOpen } from './campaigns.service.js';
export type { DonationsService } from './donations.service.js';
export type { CampaignReads, LedgerAccounts } from './wallet.ports.js';
export { CLOSE_ENDED_CAMPAIGNS_QUEUE, createWalletModule } from './wallet.module.js';
export { walletRoutes, type WalletRoutesDeps } from './wallet.routes.js';
export { webhooksRoutes, type WebhooksRoutesDeps } from './webhooks.routes.js';
export { createWalletPersonalData } from './personal-data.repo.js';
