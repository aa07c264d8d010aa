import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale, useLocaleNavigate } from '../../app/locale-hooks';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { pathAfterLogin, signIn } from '../../lib/session/session-store';
import { isPasskeyCancel } from '../../lib/webauthn';
import { usePasskeySecondFactor, useVerifyTwoFactor } from './api';

/** Whether this browser can run a WebAuthn ceremony (checked without loading @simplewebauthn/browser). */
export const browserHasWebAuthn = () =>
  typeof window !== 'undefined' && typeof (window as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function';

export type PasskeyNotice = { severity: 'info' | 'error'; text: string } | null;

export interface CodeFields {
  code: string;
  recovery_code: string;
}

const recoveryCodeParser = lazyParser((s) => s.RecoveryCodeFieldsSchema);
const appCodeParser = lazyParser((s) => s.AppCodeFieldsSchema);

/** The form's rule for the way in shown: the app's 6 digits, or a recovery code. */
const codeSchema = (recovery: () => boolean) => ({
  safeParse: async (v: unknown) => {
    const values = v as CodeFields;
    const result = recovery()
      ? await recoveryCodeParser.safeParse({ recovery_code: values.recovery_code })
      : await appCodeParser.safeParse({ code: values.code });
    return result.success ? { success: true as const, data: { ...values, ...result.data } } : result;
  },
});

/**
 * The code form of the 2FA step and of the settings (confirming enrolment, turning 2FA off): the app's
 * 6 digits, or (toggled) a recovery code. The resolver is made once; it reads the way in shown through a ref.
 */
export function useCodeForm() {
  const locale = useLocale();
  const recoveryRef = useRef(false);
  const [recovery, setRecovery] = useState(false);
  const form = useForm<CodeFields>({
    resolver: schemaResolver(
      codeSchema(() => recoveryRef.current),
      locale,
    ),
    defaultValues: { code: '', recovery_code: '' },
  });
  const toggle = () => {
    form.clearErrors();
    recoveryRef.current = !recoveryRef.current;
    setRecovery(recoveryRef.current);
  };
  const reset = () => {
    recoveryRef.current = false;
    setRecovery(false);
    form.reset();
  };
  return { form, recovery, toggle, reset };
}

/**
 * The second step of a sign-in with 2FA on (DESIGN 10.2): a code from the authenticator app, or a
 * recovery code, for the challenge the first step answered. Signed in, it continues like a login;
 * a burnt or expired challenge (errors.challenge_id) shows its message and leads back to the first step.
 */
export function useTwoFactorStep(challengeId: string) {
  const navigate = useLocaleNavigate();
  const verify = useVerifyTwoFactor();
  const { form, recovery, toggle } = useCodeForm();
  const [expired, setExpired] = useState<string | null>(null);
  const placeFields = fieldErrorsTo(form.setError, ['code', 'recovery_code']);
  const { t } = useTranslation();
  const passkey = usePasskeySecondFactor();
  const [passkeyNotice, setPasskeyNotice] = useState<PasskeyNotice>(null);

  /** "Use a passkey instead": a refused passkey or a dismissed prompt is a note under the button. */
  const withPasskey = async () => {
    setPasskeyNotice(null);
    try {
      const answer = await passkey.mutateAsync({
        challengeId,
        onFieldErrors: (errors) => {
          if (errors.challenge_id) setExpired(errors.challenge_id.join(' '));
          else setPasskeyNotice({ severity: 'error', text: Object.values(errors).flat().join(' ') });
          return true;
        },
      });
      signIn(answer.data.auth_token, answer.data.user);
      navigate(pathAfterLogin(answer.data.user));
    } catch (err) {
      if (isPasskeyCancel(err)) setPasskeyNotice({ severity: 'info', text: t('twoFactor.step.passkeyCancelled') });
      else if (err instanceof ApiError) {
        // 400s were placed above; a 409 (no passkey on this account) is said here.
        if (err.status === 409) setPasskeyNotice({ severity: 'error', text: err.message });
      } else setPasskeyNotice({ severity: 'error', text: t('twoFactor.step.passkeyUnsupported') });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const body = recovery
      ? { challenge_id: challengeId, recovery_code: values.recovery_code.trim() }
      : { challenge_id: challengeId, code: values.code.trim() };
    const answer = await verify
      .mutateAsync({
        body,
        onFieldErrors: (errors) => {
          if (errors.challenge_id) {
            setExpired(errors.challenge_id.join(' '));
            return true;
          }
          return placeFields(errors);
        },
      })
      .catch(() => undefined);
    if (!answer) return;
    signIn(answer.data.auth_token, answer.data.user);
    navigate(pathAfterLogin(answer.data.user));
  });
  return {
    form,
    onSubmit,
    pending: verify.isPending,
    recovery,
    toggle,
    expired,
    passkeySupported: browserHasWebAuthn(),
    withPasskey,
    passkeyPending: passkey.isPending,
    passkeyNotice,
  };
}
