import { useState } from 'react';
import type { Expense } from '@tribes/shared';
import { ApiError } from '../../lib/api-client';
import { useExpenseAct, type ExpenseAct } from './api';

/** What a leader is about to do to an expense, with what the dialog collects. */
export interface PendingAct {
  expense: Expense;
  act: ExpenseAct;
  /** Set once the server asked for a second factor (the dialog then shows the code field). */
  needsCode: boolean;
  /** The payout's Idempotency-Key, kept while the dialog is open (a retry is the same payout). */
  key: string;
}

const TWO_FACTOR = new Set(['two_factor_required', 'two_factor_invalid']);

/**
 * A leader's approve / reject / pay, through one dialog: it asks for a note or a reference, sends,
 * and when the server answers 403 two_factor_required (or a wrong code) it shows the code field and
 * the message, and sends again with the code.
 */
export function useExpenseActDialog() {
  const mutation = useExpenseAct();
  const [pending, setPending] = useState<PendingAct | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = (expense: Expense, act: ExpenseAct) => {
    setError(null);
    setPending({ expense, act, needsCode: false, key: crypto.randomUUID() });
  };
  const close = () => {
    if (mutation.isPending) return;
    setPending(null);
    setError(null);
  };

  const submit = async (fields: { note?: string; reference?: string; code?: string }) => {
    if (!pending) return;
    setError(null);
    try {
      await mutation.mutateAsync({ id: pending.expense.id, act: pending.act, key: pending.key, ...fields });
      setPending(null);
    } catch (err) {
      if (err instanceof ApiError && err.errorType && TWO_FACTOR.has(err.errorType)) {
        setPending({ ...pending, needsCode: true });
        setError(serverMessage(err));
      } else if (err instanceof ApiError && err.status !== 400) {
        setError(serverMessage(err));
      }
    }
  };

  return { pending, error, open, close, submit, busy: mutation.isPending };
}

/** The envelope's message (the client's notice text when the body has none). */
function serverMessage(err: ApiError): string {
  const body = err.body as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message ? body.message : err.message;
}
