import type { ReauthBody, ReauthMethod } from '@tribes/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forceLogout } from '../../app/api';
import { ApiError } from '../../lib/api-client';
import { settleReauth } from '../../lib/reauth-prompt';
import { REAUTH_QUIET, useReauth, useReauthStatus, useReauthWithPasskey, useSendReauthCode } from './api';

export type ReauthField = 'password' | 'email_code' | 'code' | 'recovery_code';
type Values = Record<ReauthField, string>;
const EMPTY: Values = { password: '', email_code: '', code: '', recovery_code: '' };

/** Whether this browser can run a WebAuthn ceremony (checked without loading @simplewebauthn/browser). */
const browserHasWebAuthn = () =>
  typeof window !== 'undefined' && typeof (window as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function';

/** The browser refused or the user dismissed the passkey prompt. */
const isCancel = (err: unknown) => {
  const e = err as { name?: string; cause?: { name?: string } } | null;
  return [e?.name, e?.cause?.name].some((n) => n === 'NotAllowedError' || n === 'AbortError');
};

/**
 * The "Confirm it's you" prompt (DESIGN 11.7): the account's password, or a code mailed to its own
 * address, or one of its passkeys; with two-factor on, the app's code (or a recovery code) beside the
 * first two. Confirmed, every act that asked goes on; dismissed, they end quietly.
 */
export function useReauthDialog(open: boolean) {
  const { t } = useTranslation();
  const status = useReauthStatus(open);
  const reauth = useReauth();
  const sendCode = useSendReauthCode();
  const passkey = useReauthWithPasskey();
  const [chosen, setChosen] = useState<Exclude<ReauthMethod, 'passkey'> | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [askSecond, setAskSecond] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [alert, setAlert] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);

  const methods = status.data?.methods ?? [];
  const way = chosen ?? (methods.includes('password') ? 'password' : methods.includes('email_code') ? 'email_code' : null);
  const second = Boolean(status.data?.two_factor) || askSecond;
  const noWay = status.isSuccess && methods.length === 0;

  const reset = () => {
    setChosen(null);
    setCodeSent(false);
    setAskSecond(false);
    setRecovery(false);
    setValues(EMPTY);
    setErrors({});
    setAlert(null);
  };
  const finish = (confirmed: boolean) => {
    reset();
    settleReauth(confirmed);
  };

  const change = (field: ReauthField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const placeFields = (fieldErrors: Record<string, string[]>) => {
    const next: Partial<Values> = {};
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const target: ReauthField = (['password', 'email_code', 'code', 'recovery_code'] as const).includes(field as ReauthField)
        ? (field as ReauthField)
        : (way ?? 'password');
      next[target] ??= messages[0];
    }
    setErrors(next);
    return true;
  };
  /** A refusal the dialog says itself: the second factor asked for, a way not available, too many tries. */
  const quiet = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status === null || !REAUTH_QUIET.includes(err.status)) return;
    if (err.errorType === 'two_factor_required') {
      setAskSecond(true);
      setErrors({ [recovery ? 'recovery_code' : 'code']: err.message });
    } else setAlert({ severity: 'error', text: err.message });
  };

  const send = async () => {
    setAlert(null);
    try {
      await sendCode.mutateAsync();
      setCodeSent(true);
    } catch (err) {
      quiet(err);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!way) return;
    if (way === 'email_code' && !codeSent) return send();
    const firstField: ReauthField = way;
    const secondField: ReauthField = recovery ? 'recovery_code' : 'code';
    const missing: Partial<Values> = {};
    if (!values[firstField].trim()) missing[firstField] = t('reauth.required');
    if (second && !values[secondField].trim()) missing[secondField] = t('reauth.required');
    if (Object.keys(missing).length) return setErrors(missing);
    const body = {
      ...(way === 'password' ? { password: values.password } : { email_code: values.email_code.trim() }),
      ...(second ? { [secondField]: values[secondField].trim() } : {}),
    } as ReauthBody;
    setAlert(null);
    try {
      await reauth.mutateAsync({ body, onFieldErrors: placeFields });
      finish(true);
    } catch (err) {
      quiet(err);
    }
  };

  const withPasskey = async () => {
    setAlert(null);
    try {
      await passkey.mutateAsync();
      finish(true);
    } catch (err) {
      if (isCancel(err)) setAlert({ severity: 'info', text: t('reauth.passkeyCancelled') });
      else if (err instanceof ApiError) setAlert({ severity: 'error', text: err.fieldErrors?.passkey?.[0] ?? err.message });
      else setAlert({ severity: 'error', text: t('reauth.passkeyCancelled') });
    }
  };

  return {
    status,
    way,
    methods,
    email: status.data?.email ?? '',
    second,
    recovery,
    codeSent,
    noWay,
    values,
    errors,
    alert,
    pending: reauth.isPending || sendCode.isPending,
    passkeyPending: passkey.isPending,
    passkeySupported: methods.includes('passkey') && browserHasWebAuthn(),
    change,
    submit,
    send,
    withPasskey,
    switchWay: () => {
      setErrors({});
      setAlert(null);
      setChosen(way === 'password' ? 'email_code' : 'password');
    },
    toggleRecovery: () => {
      setErrors({});
      setRecovery((r) => !r);
    },
    cancel: () => finish(false),
    signInAgain: () => {
      finish(false);
      forceLogout();
    },
  };
}
