import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SIGNED_MEDIA_SECONDS,
  TWO_FACTOR_HEADER,
  treasuryEndpoints as endpoints,
  type CreateExpenseBody,
  type CreatePledgeBody,
  type UpdatePledgeBody,
  type EndpointInput,
  type ExpenseStatus,
} from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { moneyKeys } from '../../lib/query-keys';

/** Query keys of the treasury feature. */
export const treasuryKeys = {
  /** Everything the treasury reads (summaries and lists), refreshed after any act. */
  all: ['treasury'] as const,
  summary: (tribeRef: string) => ['treasury', 'summary', tribeRef] as const,
  expenses: (tribeRef: string, status: ExpenseStatus | 'all') => ['treasury', 'expenses', tribeRef, status] as const,
  pledges: ['treasury', 'pledges'] as const,
  expense: (id: string) => ['treasury', 'expense', id] as const,
};

/** GET /v1/tribes/{id}/treasury: the funds, the open expenses and what I may do. */
export function useTreasury(tribeRef: string) {
  return useQuery({
    queryKey: treasuryKeys.summary(tribeRef),
    queryFn: async ({ signal }) => (await api.call(endpoints.summary, { params: { id: tribeRef } }, { signal })).data,
  });
}

/**
 * Receipt links are signed and stop working one to two hours after the answer that gave them (DESIGN
 * 11.7): the expenses are read again well before, every half hour while shown and, once five minutes
 * old, whenever the page is shown again or the tab comes back.
 */
const RECEIPT_LINKS_FRESH = {
  staleTime: 5 * 60_000,
  refetchInterval: (SIGNED_MEDIA_SECONDS * 1000) / 2,
  refetchOnWindowFocus: true,
} as const;

/** A tribe's expenses, newest first, page by page, of one status or all (with fresh receipt links). */
export function useExpenses(tribeRef: string, status: ExpenseStatus | 'all') {
  return useInfiniteQuery({
    ...RECEIPT_LINKS_FRESH,
    queryKey: treasuryKeys.expenses(tribeRef, status),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.expenses,
          {
            params: { id: tribeRef },
            query: { limit: 20, cursor: pageParam || undefined, status: status === 'all' ? undefined : status },
          },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/**
 * GET /v1/expenses/{id} once `enabled` (a reader asked for its receipts): the expense with fresh signed
 * links to its receipts, for whoever may see it (a paid one: anyone who reads the public ledger).
 */
export function useExpense(id: string, enabled: boolean) {
  return useQuery({
    ...RECEIPT_LINKS_FRESH,
    queryKey: treasuryKeys.expense(id),
    enabled,
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.expense, { params: { id } }, { signal, quietStatuses: [403, 404] })).data.expense,
  });
}

/** The form a proposal with receipts goes as (text fields, `source` as JSON, files named "receipts"). */
function proposalForm(body: CreateExpenseBody, receipts: File[]): FormData {
  const form = new FormData();
  form.set('amount', String(body.amount));
  form.set('title', body.title);
  form.set('description', body.description);
  form.set('payee', body.payee);
  if (body.source) form.set('source', JSON.stringify(body.source));
  for (const file of receipts) form.append('receipts', file, file.name);
  return form;
}

/** POST /v1/tribes/{id}/expenses: JSON, or multipart with receipts; the key makes a retried send one proposal. */
export function useProposeExpense(tribeRef: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { body: CreateExpenseBody; receipts: File[]; key: string; onFieldErrors?: FieldErrorsHandler }) => {
      const params = { id: tribeRef };
      const input: EndpointInput<typeof endpoints.proposeExpense> = v.receipts.length
        ? { params, form: proposalForm(v.body, v.receipts) }
        : { params, body: v.body };
      return (
        await api.call(endpoints.proposeExpense, input, {
          headers: { 'Idempotency-Key': v.key },
          onFieldErrors: v.onFieldErrors,
        })
      ).data.expense;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: treasuryKeys.all }),
  });
}

/** POST /v1/donations/{id}/refund: a leader gives a donation back, with a public reason. */
export function useRefundDonation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; reason: string; code?: string }) =>
      (
        await api.call(
          endpoints.refundDonation,
          { params: { id: v.id }, body: { reason: v.reason } },
          { headers: v.code ? { [TWO_FACTOR_HEADER]: v.code } : {}, quietStatuses: [403, 409] },
        )
      ).data.refund,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: treasuryKeys.all });
      void client.invalidateQueries({ queryKey: moneyKeys.allLedgers });
      void client.invalidateQueries({ queryKey: moneyKeys.allCampaigns });
      void client.invalidateQueries({ queryKey: moneyKeys.allDonations });
    },
  });
}

/** `selfApprove`: the sole leader approves their own expense (the same endpoint, a code always asked: decision 023). */
export type ExpenseAct = 'approve' | 'selfApprove' | 'reject' | 'pay';

/**
 * A leader's act on an expense: approve, reject (with a note) or pay (with a reference and its
 * Idempotency-Key). `code` is the fresh 2FA code when the server asked for one (403 two_factor_required).
 */
export function useExpenseAct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; act: ExpenseAct; note?: string; reference?: string; key?: string; code?: string }) => {
      const headers: Record<string, string> = v.code ? { [TWO_FACTOR_HEADER]: v.code } : {};
      // The dialog shows the 403 (code asked) and 409 (not open, funds short) itself: no second notice.
      const options = { headers, quietStatuses: [403, 409] };
      const params = { id: v.id };
      if (v.act === 'pay') {
        return (
          await api.call(
            endpoints.payExpense,
            { params, body: { reference: v.reference ?? '' } },
            { ...options, headers: { ...headers, 'Idempotency-Key': v.key ?? crypto.randomUUID() } },
          )
        ).data.expense;
      }
      const endpoint = v.act === 'reject' ? endpoints.rejectExpense : endpoints.approveExpense;
      return (await api.call(endpoint, { params, body: { note: v.note ?? '' } }, options)).data.expense;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: treasuryKeys.all });
      // The public ledger shows payouts.
      void client.invalidateQueries({ queryKey: moneyKeys.allLedgers });
    },
  });
}

/** GET /v1/me/pledges: my monthly gifts. */
export function useMyPledges() {
  return useQuery({
    queryKey: treasuryKeys.pledges,
    queryFn: async ({ signal }) => (await api.call(endpoints.myPledges, {}, { signal })).data.items,
  });
}

/** POST /v1/pledges: a monthly gift from my wallet. */
export function useCreatePledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { body: CreatePledgeBody; onFieldErrors?: FieldErrorsHandler }) =>
      (await api.call(endpoints.createPledge, { body: v.body }, { onFieldErrors: v.onFieldErrors })).data.pledge,
    onSuccess: () => void client.invalidateQueries({ queryKey: treasuryKeys.pledges }),
  });
}

/** PATCH or DELETE /v1/pledges/{id}: pause, resume, skip the next month, or cancel. */
export function useChangePledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; change: UpdatePledgeBody | 'cancel' }) =>
      v.change === 'cancel'
        ? (await api.call(endpoints.cancelPledge, { params: { id: v.id } })).data.pledge
        : (await api.call(endpoints.updatePledge, { params: { id: v.id }, body: v.change })).data.pledge,
    onSuccess: () => void client.invalidateQueries({ queryKey: treasuryKeys.pledges }),
  });
}
