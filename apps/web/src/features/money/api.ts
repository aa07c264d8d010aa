import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cryptoEndpoints,
  endpointPath,
  endpointQuery,
  moneyEndpoints as endpoints,
  type CreateCampaignBody,
  type DonationBody,
  type EndpointInput,
  type LinkCryptoWalletBody,
  type Wallet,
} from '@tribes/shared';
import { api } from '../../app/api';
import { API_BASE } from '../../app/config';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { moneyKeys, type HistoryFilter } from '../../lib/query-keys';

/** The query keys live in lib/query-keys, where other features may read them too. */
/** GET /v1/config lives in lib/public-config: the money components outside this feature read it too. */
export { usePublicConfig } from '../../lib/public-config';
export { moneyKeys, type HistoryFilter };

/** Which movements the wallet history shows. */

const PAGE_SIZE = 20;

/** The page a list asks for: after `cursor` (none for the first page), PAGE_SIZE items. */
const pageAsk = (cursor: string) => ({ limit: PAGE_SIZE, cursor: cursor || undefined });

function historyQuery(filter: HistoryFilter, cursor: string) {
  return {
    ...pageAsk(cursor),
    direction: filter === 'in' || filter === 'out' ? filter : undefined,
    kind: filter === 'purchase' || filter === 'donation' ? filter : undefined,
  };
}

export type { CryptoWallet, PaymentStatus, PurchaseStarted, SiweNonce } from '@tribes/shared';

/** GET /v1/wallet: balance and purchases waiting for the provider. */
export function useWallet() {
  return useQuery({
    queryKey: moneyKeys.wallet,
    queryFn: async ({ signal }) => (await api.call(endpoints.wallet, {}, { signal })).data,
  });
}

/** My ledger entries, newest first, page by page. */
export function useTransactions(filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: moneyKeys.transactions(filter),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.transactions, { query: historyQuery(filter, pageParam) }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** One of my payments; asked again every 2 s while it is pending (the provider has not confirmed yet). */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: moneyKeys.payment(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => (await api.call(endpoints.payment, { params: { id: id! } }, { signal })).data,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
  });
}

/** POST /v1/wallet/purchases with the attempt's Idempotency-Key. */
export function useStartPurchase() {
  return useMutation({
    mutationFn: async ({ tokens, key, onFieldErrors }: { tokens: number; key: string; onFieldErrors?: FieldErrorsHandler }) =>
      (
        await api.call(
          endpoints.startPurchase,
          { body: { tokens } },
          { headers: { 'Idempotency-Key': key }, notifySuccess: false, onFieldErrors },
        )
      ).data,
  });
}

/** The sandbox checkout page's answer: confirm or decline. */
export function useCompleteSandbox(paymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (outcome: 'succeeded' | 'declined') =>
      (await api.call(endpoints.completeSandbox, { params: { id: paymentId }, body: { outcome } })).data,
    onSettled: () => void client.invalidateQueries({ queryKey: moneyKeys.wallet }),
  });
}

/** POST /v1/donations with the attempt's Idempotency-Key; a 409 is left to the form. */
export function useDonate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key, onFieldErrors }: { body: DonationBody; key: string; onFieldErrors?: FieldErrorsHandler }) =>
      (await api.call(endpoints.donate, { body }, { headers: { 'Idempotency-Key': key }, quietStatuses: [409], onFieldErrors }))
        .data,
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
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.campaigns, { params: { id: tribeRef }, query: pageAsk(pageParam) }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: moneyKeys.campaign(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.campaign, { params: { id: id! } }, { signal, quietStatuses: [404] })).data.campaign,
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

/** The input of a campaign's creation: multipart when a cover comes with it, JSON otherwise (the endpoint takes both). */
function campaignInput(
  tribeRef: string,
  body: CreateCampaignBody,
  cover?: File | null,
): EndpointInput<typeof endpoints.createCampaign> {
  const params = { id: tribeRef };
  if (cover) return { params, form: campaignForm(body, cover) };
  return { params, body };
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
    }) => (await api.call(endpoints.createCampaign, campaignInput(tribeRef, body, cover), { onFieldErrors })).data.campaign,
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.allCampaigns }),
  });
}

export function useCloseCampaign(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.closeCampaign, { params: { id } })).data.campaign,
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
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.campaignDonations, { params: { id }, query: pageAsk(pageParam) }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Tokens given to a campaign per day over its whole life, for its chart. */
export function useCampaignDaily(id: string) {
  return useQuery({
    queryKey: moneyKeys.campaignDaily(id),
    queryFn: async ({ signal }) => (await api.call(endpoints.campaignDaily, { params: { id } }, { signal })).data.items,
  });
}

/** The tribe's public ledger, page by page. */
export function useTribeLedger(tribeRef: string) {
  return useInfiniteQuery({
    queryKey: moneyKeys.ledger(tribeRef),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.ledger, { params: { id: tribeRef }, query: pageAsk(pageParam) }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The CSV download of a tribe's whole public ledger. */
export const ledgerCsvUrl = (tribeRef: string) =>
  `${API_BASE}${endpointPath(endpoints.ledger.path, { id: tribeRef })}${endpointQuery({ format: 'csv' })}`;

export function useCryptoWallets() {
  return useQuery({
    queryKey: moneyKeys.cryptoWallets,
    queryFn: async ({ signal }) => (await api.call(cryptoEndpoints.list, {}, { signal })).data.items,
  });
}

export const fetchSiweNonce = async () => (await api.call(cryptoEndpoints.nonce, {}, { notifySuccess: false })).data;

export function useLinkCryptoWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkCryptoWalletBody) => (await api.call(cryptoEndpoints.link, { body })).data.wallet,
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.cryptoWallets }),
  });
}

export function useUnlinkCryptoWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(cryptoEndpoints.unlink, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.cryptoWallets }),
  });
}

/** POST /v1/wallet/purchases/{id}/resume: where a pending purchase is still payable; the payer is sent there. */
export function useResumePurchase() {
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.call(endpoints.resumePurchase, { params: { id } }, { notifySuccess: false })).data,
    onSuccess: (answer) => window.location.assign(answer.checkout_url),
  });
}

/** POST /v1/wallet/purchases/{id}/cancel: the purchase leaves the pending list. */
export function useCancelPurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(endpoints.cancelPurchase, { params: { id } })).data,
    onSettled: () => void client.invalidateQueries({ queryKey: moneyKeys.wallet }),
  });
}

/** A campaign's ten largest givers (anonymous gifts without a name). */
export function useCampaignTopDonors(id: string) {
  return useQuery({
    queryKey: moneyKeys.campaignTopDonors(id),
    queryFn: async ({ signal }) => (await api.call(endpoints.campaignTopDonors, { params: { id } }, { signal })).data.items,
  });
}

/** A campaign's updates from its organisers, newest first, page by page. */
export function useCampaignUpdates(id: string) {
  return useInfiniteQuery({
    queryKey: moneyKeys.campaignUpdates(id),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.campaignUpdates, { params: { id }, query: pageAsk(pageParam) }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** POST /v1/campaigns/{id}/updates (the campaign's managers); its donors are told in the app. */
export function usePostCampaignUpdate(id: string, onFieldErrors?: FieldErrorsHandler) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (await api.call(endpoints.postCampaignUpdate, { params: { id }, body: { body } }, { onFieldErrors })).data.update,
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.campaignUpdates(id) }),
  });
}

/** Open campaigns of every tribe, newest first, searched by `q`, page by page. */
export function useSearchCampaigns(q: string) {
  return useInfiniteQuery({
    queryKey: moneyKeys.searchCampaigns(q),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.searchCampaigns, { query: { ...pageAsk(pageParam), q: q || undefined } }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
