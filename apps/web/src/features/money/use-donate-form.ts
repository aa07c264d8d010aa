import { MONEY_ERRORS, MONEY_LIMITS, translate, type DonationBody } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useDonate, useWallet } from './api';
import { useMoneyFormat } from './format';
import { useIdempotencyKey } from './idempotency';

export interface DonationTarget {
  type: 'tribe' | 'campaign';
  id: string;
  /** What the confirmation names: the tribe's name or the campaign's title. */
  name: string;
}

export type DonateField = 'amount' | 'message' | 'target';
export type DonateErrors = Partial<Record<DonateField, string>> & { insufficient?: boolean };

/**
 * The donation form's state and rules: checked here first (amount range, the balance), confirmed by
 * the donor, then sent once with its Idempotency-Key; a 409 lands on the field it is about.
 */
export function useDonateForm(target: DonationTarget | null) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const wallet = useWallet();
  const donate = useDonate();
  const idem = useIdempotencyKey();
  const [amount, setAmount] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<DonateErrors>({});
  const [confirming, setConfirming] = useState(false);
  const balance = wallet.data?.balance;

  const insufficient = (): DonateErrors => ({
    amount: t('money.donate.insufficient', { balance: f.tokens(balance ?? 0) }),
    insufficient: true,
  });

  /** Checks the form; opens the confirmation when it is right. */
  const handleSubmit = (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    const next: DonateErrors = {};
    if (!target) next.target = translate(f.locale, 'validation.required');
    if (amount === null) next.amount = translate(f.locale, 'validation.required');
    else if (amount < MONEY_LIMITS.donationMin || amount > MONEY_LIMITS.donationMax)
      next.amount = t('money.donate.range', { min: f.tokens(MONEY_LIMITS.donationMin), max: f.tokens(MONEY_LIMITS.donationMax) });
    else if (balance !== undefined && amount > balance) Object.assign(next, insufficient());
    if (message.length > MONEY_LIMITS.messageMax)
      next.message = translate(f.locale, 'validation.string_max', { max: MONEY_LIMITS.messageMax });
    setErrors(next);
    if (Object.keys(next).length === 0) setConfirming(true);
  };

  const body = (): DonationBody | null =>
    target && amount !== null
      ? { target_type: target.type, target_id: target.id, amount, message: message.trim(), anonymous }
      : null;

  /** The donor confirmed: the money moves (once, whatever retries follow). */
  const handleConfirm = () => {
    const b = body();
    if (!b) return;
    donate.mutate(
      {
        body: b,
        key: idem.keyFor(b),
        onFieldErrors: (fieldErrors) => {
          const next: DonateErrors = {};
          if (fieldErrors.amount) next.amount = fieldErrors.amount.join(' ');
          if (fieldErrors.message) next.message = fieldErrors.message.join(' ');
          if (fieldErrors.target_id) next.target = fieldErrors.target_id.join(' ');
          setErrors(next);
          return Object.keys(next).length > 0;
        },
      },
      {
        onSuccess: () => {
          idem.settle();
          setConfirming(false);
        },
        onError: (err) => {
          setConfirming(false);
          // A definite refusal: the next attempt is a new request. A lost answer keeps its key.
          if (err instanceof ApiError && err.status !== null && err.status < 500) idem.settle();
          if (err instanceof ApiError && err.status === 409) {
            // The envelope's error_type says which conflict it is; the message is already in the reader's language.
            if (err.errorType === MONEY_ERRORS.campaignClosed) setErrors({ target: err.message });
            else if (err.errorType === MONEY_ERRORS.insufficientFunds) setErrors({ ...insufficient(), amount: err.message });
            else setErrors({ amount: err.message });
            void wallet.refetch();
          }
        },
      },
    );
  };

  const reset = () => {
    donate.reset();
    setAmount(null);
    setMessage('');
    setAnonymous(false);
    setErrors({});
  };

  return {
    amount,
    setAmount: (v: number | null) => {
      setAmount(v);
      setErrors((x) => ({ ...x, amount: undefined, insufficient: undefined }));
    },
    message,
    setMessage,
    anonymous,
    setAnonymous,
    errors,
    balance,
    confirming,
    closeConfirm: () => setConfirming(false),
    handleSubmit,
    handleConfirm,
    pending: donate.isPending,
    done: donate.data ?? null,
    reset,
  };
}
