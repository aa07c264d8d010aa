import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignDay,
  CreateCampaignBody,
  DonationBody,
  Donation,
  LedgerEntry,
  Page,
  Wallet,
  WalletTransaction,
} from '@tribes/shared';
import { systemEndpoints } from '@tribes/shared';
import { api } from '../../app/api';
import { API_BASE } from '../../app/config';
import type { FieldErrorsHandler } from '../../lib/api-client';

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
  config: ['config'] as const,
  ledger: (tribeRef: string) => ['ledger', tribeRef] as const,
  cryptoWallets: ['crypto-wallets'] as const,
};

const enc = encodeURIComponent;

/** Which movements the wallet history shows. */
export type HistoryFilter = 'all' | 'in' | 'out' | 'purchase' | 'donation';

function historyQuery(filter: HistoryFilter, cursor: string): string {
  const q = new URLSearchParams({ limit: '20' });
  if (cursor) q.set('cursor', cursor);
  if (filter === 'in' || filter === 'out') q.set('direction', filter);
  if (filter === 'purchase' || filter === 'donation') q.set('kind', filter);
  return q.toString();
}

/** GET /v1/wallet: balance and purchases waiting for the provider. */
export function useWallet() {
  return useQuery({
    queryKey: moneyKeys.wallet,
    queryFn: async ({ signal }) => (await api.request<Wallet>('/v1/wallet', { signal })).data,
  });
}

/** My ledger entries, newest first, page by page. */
export function useTransactions(filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: moneyKeys.transactions(filter),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.request<Page<WalletTransaction>>(`/v1/wallet/transactions?${historyQuery(filter, pageParam)}`, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export interface PaymentStatus {
  payment_id: string;
  status: 'pending' | 'succeeded' | 'declined' | 'expired';
  tokens: number;
  amount_cents: number;
  created_at: string;
}

/** One of my payments; asked again every 2 s while it is pending (the provider has not confirmed yet). */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: moneyKeys.payment(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => (await api.request<PaymentStatus>(`/v1/wallet/purchases/${enc(id!)}`, { signal })).data,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
  });
}

export interface PurchaseStarted {
  payment_id: string;
  status: 'pending';
  tokens: number;
  amount_cents: number;
  checkout_url: string;
}

/** POST /v1/wallet/purchases with the attempt's Idempotency-Key. */
export function useStartPurchase() {
  return useMutation({
    mutationFn: async ({ tokens, key, onFieldErrors }: { tokens: number; key: string; onFieldErrors?: FieldErrorsHandler }) =>
      (
        await api.request<PurchaseStarted>('/v1/wallet/purchases', {
          method: 'POST',
          body: { tokens },
          headers: { 'Idempotency-Key': key },
          notifySuccess: false,
          onFieldErrors,
        })
      ).data,
  });
}

/** The sandbox checkout page's answer: confirm or decline. */
export function useCompleteSandbox(paymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (outcome: 'succeeded' | 'declined') =>
      (
        await api.request<{ payment_id: string; status: string; balance: number }>(
          `/v1/payments/sandbox/${enc(paymentId)}/complete`,
          { method: 'POST', body: { outcome } },
        )
      ).data,
    onSettled: () => void client.invalidateQueries({ queryKey: moneyKeys.wallet }),
  });
}

/** POST /v1/donations with the attempt's Idempotency-Key; a 409 is left to the form. */
export function useDonate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key, onFieldErrors }: { body: DonationBody; key: string; onFieldErrors?: FieldErrorsHandler }) =>
      (
        await api.request<{ donation: Donation; balance: number }>('/v1/donations', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
          quietStatuses: [409],
          onFieldErrors,
        })
      ).data,
    onSuccess: (answer) => {
      client.setQueryData<Wallet>(moneyKeys.wallet, (w) => (w ? { ...w, balance: answer.balance } : w));
      void client.invalidateQueries({ queryKey: moneyKeys.wallet });
      void client.invalidateQueries({ queryKey: moneyKeys.allCampaigns });
      void client.invalidateQueries({ queryKey: moneyKeys.allDonations });
      void client.invalidateQueries({ queryKey: moneyKeys.allLedgers });
    },
  });
}

/** A tribe's campaigns, newest first. */
export function useTribeCampaigns(tribeRef: string) {
  return useInfiniteQuery({
    queryKey: moneyKeys.campaigns(tribeRef),
    enabled: Boolean(tribeRef),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: '20', ...(pageParam ? { cursor: pageParam } : {}) });
      return (await api.request<Page<Campaign>>(`/v1/tribes/${enc(tribeRef)}/campaigns?${q.toString()}`, { signal })).data;
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: moneyKeys.campaign(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.request<{ campaign: Campaign }>(`/v1/campaigns/${enc(id!)}`, { signal, quietStatuses: [404] })).data.campaign,
  });
}

/** A campaign's fields as multipart text (numbers as digits, milestones as JSON) with its cover file. */
export function campaignForm(body: CreateCampaignBody, cover: File): FormData {
  const form = new FormData();
  form.append('title', body.title);
  form.append('description', body.description);
  form.append('goal', String(body.goal));
  if (body.monthly_goal != null) form.append('monthly_goal', String(body.monthly_goal));
  form.append('ends_at', body.ends_at);
  form.append('milestones', JSON.stringify(body.milestones));
  form.append('cover', cover, cover.name);
  return form;
}

/** POST /v1/tribes/{id}/campaigns: JSON, or multipart when a cover comes with it. */
export function useCreateCampaign(tribeRef: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      cover,
      onFieldErrors,
    }: {
      body: CreateCampaignBody;
      cover?: File | null;
      onFieldErrors?: FieldErrorsHandler;
    }) =>
      (
        await api.request<{ campaign: Campaign }>(`/v1/tribes/${enc(tribeRef)}/campaigns`, {
          method: 'POST',
          ...(cover ? { form: campaignForm(body, cover) } : { body }),
          onFieldErrors,
        })
      ).data.campaign,
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.allCampaigns }),
  });
}

export function useCloseCampaign(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.request<{ campaign: Campaign }>(`/v1/campaigns/${enc(id)}/close`, { method: 'POST' })).data.campaign,
    onSuccess: (campaign) => {
      client.setQueryData(moneyKeys.campaign(id), campaign);
      void client.invalidateQueries({ queryKey: moneyKeys.allCampaigns });
    },
  });
}

/** A campaign's donations as the public sees them (anonymous donors hidden), newest first, page by page. */
export function useCampaignDonations(id: string) {
  return useInfiniteQuery({
    queryKey: moneyKeys.campaignDonations(id),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: '20', ...(pageParam ? { cursor: pageParam } : {}) });
      return (await api.request<Page<Donation>>(`/v1/campaigns/${enc(id)}/donations?${q.toString()}`, { signal })).data;
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Tokens given to a campaign per day over its whole life, for its chart. */
export function useCampaignDaily(id: string) {
  return useQuery({
    queryKey: moneyKeys.campaignDaily(id),
    queryFn: async ({ signal }) =>
      (await api.request<{ items: CampaignDay[] }>(`/v1/campaigns/${enc(id)}/daily`, { signal })).data.items,
  });
}

/** GET /v1/config, read once per visit: the price of a token and its currency. */
export function usePublicConfig() {
  return useQuery({
    queryKey: moneyKeys.config,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await api.call(systemEndpoints.config, {}, { signal })).data,
  });
}

/** The tribe's public ledger, page by page. */
export function useTribeLedger(tribeRef: string) {
  return useInfiniteQuery({
    queryKey: moneyKeys.ledger(tribeRef),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: '20', ...(pageParam ? { cursor: pageParam } : {}) });
      return (await api.request<Page<LedgerEntry>>(`/v1/tribes/${enc(tribeRef)}/ledger?${q.toString()}`, { signal })).data;
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The CSV download of a tribe's whole public ledger. */
export const ledgerCsvUrl = (tribeRef: string) => `${API_BASE}/v1/tribes/${enc(tribeRef)}/ledger?format=csv`;

export interface CryptoWallet {
  id: string;
  address: string;
  chain_id: number;
  created_at: string;
}

export interface SiweNonce {
  nonce: string;
  domain: string;
  uri: string;
  chain_ids: number[];
}

export function useCryptoWallets() {
  return useQuery({
    queryKey: moneyKeys.cryptoWallets,
    queryFn: async ({ signal }) => (await api.request<Page<CryptoWallet>>('/v1/crypto_wallets', { signal })).data.items,
  });
}

export const fetchSiweNonce = async () =>
  (await api.request<SiweNonce>('/v1/crypto_wallets/nonce', { method: 'POST', notifySuccess: false })).data;

export function useLinkCryptoWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { message: string; signature: string }) =>
      (await api.request<{ wallet: CryptoWallet }>('/v1/crypto_wallets', { method: 'POST', body })).data.wallet,
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.cryptoWallets }),
  });
}

export function useUnlinkCryptoWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.request<object>(`/v1/crypto_wallets/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.cryptoWallets }),
  });
}
