import { useState } from 'react';
import type { Expense } from '@tribes/shared';
import { ApiError } from '../../lib/api-client';
import { useExpenseAct, useRefundDonation, type ExpenseAct } from './api';

const TWO_FACTOR = new Set(['two_factor_required', 'two_factor_invalid']);

/** The envelope's message (the client's notice text when the body has none). */
function serverMessage(err: ApiError): string {
  const body = err.body as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message ? body.message : err.message;
}

/** A leader's act waiting in its dialog: its target, whether the server asked for a code, its Idempotency-Key. */
export interface Pending<T> {
  target: T;
  needsCode: boolean;
  key: string;
}

/**
 * A leader's money act through a dialog (approve, reject, pay, refund): it sends, and when the server
 * answers 403 two_factor_required (or a wrong code) it shows the code field and the message, and
 * sends again with the code; any other refusal is shown in the dialog too.
 */
function useStepUpDialog<T, F extends { code?: string }>(send: (target: T, key: string, fields: F) => Promise<unknown>) {
  const [pending, setPending] = useState<Pending<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    pending,
    error,
    busy,
    /** `needsCode`: the act always takes a code (a sole leader's own approval), so the field shows at once. */
    open: (target: T, needsCode = false) => {
      setError(null);
      setPending({ target, needsCode, key: crypto.randomUUID() });
    },
    close: () => {
      if (busy) return;
      setPending(null);
      setError(null);
    },
    submit: async (fields: F) => {
      if (!pending) return;
      setError(null);
      setBusy(true);
      try {
        await send(pending.target, pending.key, fields);
        setPending(null);
      } catch (err) {
        if (err instanceof ApiError && err.errorType && TWO_FACTOR.has(err.errorType)) {
          setPending({ ...pending, needsCode: true });
          setError(serverMessage(err));
        } else if (err instanceof ApiError && err.status !== 400) {
          setError(serverMessage(err));
        }
      } finally {
        setBusy(false);
      }
    },
  };
}

/** Approve, reject or pay an expense (note, reference, code). */
export function useExpenseActDialog() {
  const mutation = useExpenseAct();
  return useStepUpDialog<{ expense: Expense; act: ExpenseAct }, { note?: string; reference?: string; code?: string }>(
    (target, key, fields) => mutation.mutateAsync({ id: target.expense.id, act: target.act, key, ...fields }),
  );
}

/** Refund a donation (reason, code). */
export function useRefundDialog() {
  const mutation = useRefundDonation();
  return useStepUpDialog<{ donationId: string; amount: number }, { reason: string; code?: string }>((target, _key, fields) =>
    mutation.mutateAsync({ id: target.donationId, ...fields }),
  );
}
