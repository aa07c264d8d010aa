import type { MembershipStatus, PostReport, VillageStatus } from '@tribes/shared';

/**
 * The query keys more than one feature reads or invalidates (the signed-in account, tribes, posts,
 * money, identities): infrastructure of the query cache, kept here so no feature imports another for a key.
 */

/** Query keys of the identity feature (sign-in methods beyond the password). */
export const identityKeys = {
  /** GET /v1/auth/providers: the same for every visitor, so one key. */
  providers: ['auth-providers'] as const,
  /** GET /v1/me/identities: the signed-in account's ways in. */
  identities: ['me', 'identities'] as const,
};

export type HistoryFilter = 'all' | 'in' | 'out' | 'purchase' | 'donation';
/** Query keys of the money feature. */
export const moneyKeys = {
  wallet: ['wallet'] as const,
  /** Every campaign read (lists and single campaigns). */
  allCampaigns: ['campaigns'] as const,
  /** Every donation read (lists and daily series). */
  allDonations: ['donations'] as const,
  /** Every tribe's ledger. */
  allLedgers: ['ledger'] as const,
  transactions: (filter: HistoryFilter) => ['wallet', 'transactions', filter] as const,
  payment: (id: string) => ['wallet', 'payment', id] as const,
  campaigns: (tribeRef: string) => ['campaigns', 'tribe', tribeRef] as const,
  campaign: (id: string) => ['campaigns', 'one', id] as const,
  campaignDonations: (id: string) => ['donations', 'campaign', id] as const,
  campaignDaily: (id: string) => ['donations', 'campaign-daily', id] as const,
  campaignTopDonors: (id: string) => ['donations', 'campaign-top', id] as const,
  campaignUpdates: (id: string) => ['campaigns', 'updates', id] as const,
  searchCampaigns: (q: string) => ['campaigns', 'search', q] as const,
  config: ['config'] as const,
  ledger: (tribeRef: string) => ['ledger', tribeRef] as const,
  cryptoWallets: ['crypto-wallets'] as const,
};

export type ReportStatus = PostReport['status'];
/** Query keys: every list of posts sits under 'posts', so one write can refresh or patch them all. */
export const postKeys = {
  all: ['posts'] as const,
  feed: ['posts', 'feed'] as const,
  explore: (q: string) => ['posts', 'explore', q] as const,
  tribe: (ref: string) => ['posts', 'tribe', ref] as const,
  user: (id: string) => ['posts', 'user', id] as const,
  favourites: ['posts', 'favourites'] as const,
  hidden: ['posts', 'hidden'] as const,
  comments: (postId: string) => ['comments', postId] as const,
  /** People an @mention being typed may name: in a tribe ('' for a public post), matching q. */
  mentions: (tribeId: string, q: string) => ['mention-suggestions', tribeId, q] as const,
  allReports: ['reports'] as const,
  reports: (tribeRef: string, status: ReportStatus) => ['reports', tribeRef, status] as const,
  log: (tribeRef: string) => ['reports', tribeRef, 'log'] as const,
};

/** Query keys of the account feature. */
export const accountKeys = {
  me: ['me'] as const,
  sessions: ['sessions'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
  digestPreview: ['digest', 'preview'] as const,
};

/** Query keys of the feature: every tribe read sits under 'tribes', the map under 'map'. */
export const tribeKeys = {
  all: ['tribes'] as const,
  list: (q: string) => ['tribes', 'list', q] as const,
  detail: (ref: string) => ['tribes', 'detail', ref] as const,
  members: (ref: string, status: MembershipStatus) => ['tribes', 'members', ref, status] as const,
  villages: (ref: string, status: VillageStatus) => ['tribes', 'villages', ref, status] as const,
  /** What waits for the tribe's leaders and moderators (join requests, villages, expenses). */
  approvals: (ref: string) => ['tribes', 'approvals', ref] as const,
  /** The tribes I may post to (see lib/session/use-my-tribes), by my primary tribe. */
  mine: (primary: string | null) => ['tribes', 'mine', primary] as const,
  map: ['map'] as const,
  mapTribes: ['map', 'tribes'] as const,
  mapVillages: ['map', 'villages'] as const,
};
