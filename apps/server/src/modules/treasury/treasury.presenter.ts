import type { ApproverRole, Expense } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';
import { receiptFileKey } from './receipt-files.js';
import type { ExpenseView, PersonRow } from './treasury.repo.js';

const person = (p: PersonRow | undefined, storage: Pick<Storage, 'url'>) =>
  p ? { id: p.id, name: p.name, avatar_url: p.avatarKey ? storage.url(p.avatarKey) : null } : null;

/**
 * An expense as the API answers it (an allowlist of its row, decisions, receipts and people), with
 * what it waits for and what the viewer may do (the service's rule, decision 023). Only
 * callers who may see the expense get here (the service's rules), so each receipt's URL is signed
 * and expires (one to two hours): it is never a permanent address.
 */
export function presentExpense(
  view: ExpenseView,
  tribeName: string,
  storage: Pick<Storage, 'url'>,
  approval: Expense['approval'],
): Expense {
  const { row } = view;
  const decision = (d: ExpenseView['decisions'][number]) => ({
    leader: person(d.leader, storage)!,
    decision: d.decision as 'approve' | 'reject',
    as: d.role as ApproverRole,
    note: d.note,
    created_at: d.createdAt.toISOString(),
  });
  const rejection = view.decisions.find((d) => d.decision === 'reject');
  return {
    id: row.id,
    tribe_id: row.tribeId,
    source: row.campaignId
      ? { type: 'campaign', id: row.campaignId, name: view.campaignTitle ?? '' }
      : { type: 'tribe', id: row.tribeId, name: tribeName },
    amount: row.amount,
    title: row.title,
    description: row.description,
    payee: row.payee,
    status: row.status as Expense['status'],
    proposer: row.proposerId ? person(view.people.get(row.proposerId), storage) : null,
    approvals: view.decisions.filter((d) => d.decision === 'approve').map(decision),
    rejection: rejection ? decision(rejection) : null,
    required_approvals: row.requiredApprovals,
    approval,
    receipts: view.receipts.map((r) => ({ url: storage.url(receiptFileKey(r.storageKey)), content_type: r.contentType })),
    reference: row.reference,
    paid_by: row.paidBy ? person(view.people.get(row.paidBy), storage) : null,
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
