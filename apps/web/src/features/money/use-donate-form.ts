import { MONEY_ERRORS, MONEY_LIMITS, type DonationBody } from '@tribes/shared';
import { translate } from '../../lib/server-messages';
import { useRef, useState } from 'react';
import { get, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { lazyParser, refineResolver, schemaResolver } from '../../lib/form-resolver';
import { useDonate, useWallet } from './api';
import { useMoneyFormat } from '../../lib/money-format';
import { useIdempotencyKey } from './idempotency';

export interface DonationTarget {
  type: 'tribe' | 'campaign';
  id: string;
  /** What the confirmation names: the tribe's name or the campaign's title. */
  name: string;
}

/** What the donor types; the target comes from the page (`target` only carries its error). */
export interface DonateFields {
  amount: number | null;
  message: string;
  anonymous: boolean;
  target?: never;
}

export type DonateField = 'amount' | 'message' | 'target';
export type DonateErrors = Partial<Record<DonateField, string>> & { insufficient?: boolean };

/** The fields the donor types, checked with the shared donation schema (the target is the page's). */
const donorFieldsParser = lazyParser((s) => s.DonationBodySchema.pick({ amount: true, message: true, anonymous: true }));
type DonorFields = Pick<DonationBody, 'amount' | 'message' | 'anonymous'>;

const EMPTY: DonateFields = { amount: null, message: '', anonymous: false };

/**
 * The donation form on react-hook-form with the shared schema: checked first (amount range, the
 * balance, a target), confirmed by the donor, then sent once with its Idempotency-Key; the server's
 * field errors and a 409 land on the field they are about.
 */
export function useDonateForm(target: DonationTarget | null, initialAmount: number | null = null) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const wallet = useWallet();
  const donate = useDonate();
  const idem = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  const balance = wallet.data?.balance;
  // The resolver reads the latest target and balance, not the ones of the first render.
  const live = useRef({ target, balance });
  live.current = { target, balance };

  const insufficientText = () => t('money.donate.insufficient', { balance: f.tokens(live.current.balance ?? 0) });

  const form = useForm<DonateFields, unknown, DonorFields>({
    // Back from buying the tokens it lacked: the amount the donor had chosen.
    defaultValues: { ...EMPTY, amount: initialAmount },
    resolver: refineResolver(schemaResolver<DonateFields, DonorFields>(donorFieldsParser, f.locale), (values, errors) => {
      const current = live.current;
      if (!current.target) errors.target = { type: 'required', message: translate(f.locale, 'validation.required') };
      if (errors.amount && values.amount !== null)
        errors.amount = {
          type: 'range',
          message: t('money.donate.range', { min: f.tokens(MONEY_LIMITS.donationMin), max: f.tokens(MONEY_LIMITS.donationMax) }),
        };
      else if (!errors.amount && values.amount !== null && current.balance !== undefined && values.amount > current.balance)
        errors.amount = { type: 'insufficient', message: insufficientText() };
      return errors;
    }),
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const message = useWatch({ control: form.control, name: 'message' });
  const anonymous = useWatch({ control: form.control, name: 'anonymous' });
  const fieldErrors = form.formState.errors;
  const errorOf = (name: DonateField): string | undefined =>
    (get(fieldErrors, name) as { message?: string } | undefined)?.message;
  const errors: DonateErrors = {
    amount: errorOf('amount'),
    message: errorOf('message'),
    target: errorOf('target'),
    insufficient: fieldErrors.amount?.type === 'insufficient' || undefined,
  };
  // How many tokens the wallet lacks for the amount typed (null when it has enough or is not known yet).
  const shortfall = balance !== undefined && amount !== null && amount > balance ? amount - balance : null;

  /** Checks the form; opens the confirmation when it is right. */
  const handleSubmit = form.handleSubmit(() => setConfirming(true));

  const body = (): DonationBody | null => {
    const values = form.getValues();
    return target && values.amount !== null
      ? {
          target_type: target.type,
          target_id: target.id,
          amount: values.amount,
          message: values.message.trim(),
          anonymous: values.anonymous,
        }
      : null;
  };

  /** The donor confirmed: the money moves (once, whatever retries follow). */
  const handleConfirm = () => {
    const b = body();
    if (!b) return;
    donate.mutate(
      {
        body: b,
        key: idem.keyFor(b),
        onFieldErrors: (server) => {
          form.clearErrors();
          const placed: [DonateField, string[] | undefined][] = [
            ['amount', server.amount],
            ['message', server.message],
            ['target', server.target_id],
          ];
          let any = false;
          for (const [field, messages] of placed) {
            if (!messages) continue;
            form.setError(field, { type: 'server', message: messages.join(' ') });
            any = true;
          }
          return any;
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
            form.clearErrors();
            if (err.errorType === MONEY_ERRORS.campaignClosed)
              form.setError('target', { type: 'conflict', message: err.message });
            else if (err.errorType === MONEY_ERRORS.insufficientFunds)
              form.setError('amount', { type: 'insufficient', message: err.message });
            else form.setError('amount', { type: 'conflict', message: err.message });
            void wallet.refetch();
          }
        },
      },
    );
  };

  const reset = () => {
    donate.reset();
    form.reset(EMPTY);
  };

  return {
    amount,
    setAmount: (v: number | null) => {
      form.setValue('amount', v);
      form.clearErrors('amount');
    },
    message,
    setMessage: (v: string) => form.setValue('message', v),
    anonymous,
    setAnonymous: (v: boolean) => form.setValue('anonymous', v),
    errors,
    balance,
    shortfall,
    confirming,
    closeConfirm: () => setConfirming(false),
    handleSubmit,
    handleConfirm,
    pending: donate.isPending,
    done: donate.data ?? null,
    reset,
  };
}
