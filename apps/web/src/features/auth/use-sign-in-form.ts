import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LoginBody } from '@tribes/shared';
import { useLocale, useLocaleNavigate } from '../../app/locale-hooks';
import { ApiError } from '../../lib/api-client';
import { deviceName } from '../../lib/device-name';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { useLightForm } from '../../lib/light-form';
import { pathAfterLogin, setSignUpData, signIn } from '../../lib/session/session-store';
import { useLogin, useSendOtp } from './api';

const loginParser = lazyParser((s) => s.LoginBodySchema);

const ignore = () => undefined;

/**
 * Sign in: on success to /tribe-selection (or /home); an unverified email goes to /verify-otp; an
 * account with 2FA on answers a challenge (`challengeId`), and the page shows the code step
 * (also when another way in sent the visitor to /sign-in?challenge=<id>).
 * The other way in is a code mailed to the address (purpose login), which works even while password
 * sign-in answers 429 for the caller's network (DESIGN 10.1): then `limited` offers it in place.
 */
export function useSignInForm() {
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const login = useLogin();
  const sendOtp = useSendOtp();
  const [limited, setLimited] = useState(false);
  /** A suspended account's reason and end (403 account_suspended, DESIGN 11.2), shown beside the form. */
  const [suspended, setSuspended] = useState<{ reason: string; until: string | null } | null>(null);
  const [searchParams] = useSearchParams();
  const [challengeId, setChallengeId] = useState<string | null>(() => searchParams.get('challenge'));
  // Not react-hook-form: /sign-in, a first visit's page, within its JavaScript budget (lib/light-form.ts).
  const form = useLightForm<LoginBody>({
    resolver: schemaResolver(loginParser, locale),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const answer = await login
      .mutateAsync({
        body: { ...body, device_name: deviceName() },
        onFieldErrors: fieldErrorsTo<LoginBody>(form.setError, ['email', 'password']),
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 429) setLimited(true);
        if (err instanceof ApiError && err.errorType === 'account_suspended') setSuspended(suspensionOf(err.body));
      });
    if (!answer) return;
    setSuspended(null);
    const data = answer.data;
    if ('verification_required' in data) {
      setSignUpData({ email: data.email, purpose: 'email-verification' });
      navigate('/verify-otp');
      return;
    }
    if ('two_factor_required' in data) {
      setChallengeId(data.challenge_id);
      return;
    }
    signIn(data.auth_token, data.user);
    navigate(pathAfterLogin(data.user));
  });
  /** Mails a sign-in code to the typed address and continues on /verify-otp. */
  const sendCode = async () => {
    if (!(await form.trigger('email'))) return;
    const email = form.getValues('email').trim();
    const sent = await sendOtp.mutateAsync({ email, purpose: 'login' }).catch(ignore);
    if (!sent) return;
    setSignUpData({ email, purpose: 'login' });
    navigate('/verify-otp');
  };
  /** Back to the first step (a burnt or expired challenge), the address and password cleared of the old try. */
  const restart = () => {
    setChallengeId(null);
    form.resetField('password');
    if (searchParams.has('challenge')) navigate('/sign-in', { replace: true });
  };
  return {
    form,
    onSubmit,
    pending: login.isPending,
    limited,
    suspended,
    sendCode,
    sending: sendOtp.isPending,
    challengeId,
    restart,
  };
}

/** The reason and end a 403 account_suspended carries in its envelope's `data`. */
function suspensionOf(body: unknown): { reason: string; until: string | null } {
  const data =
    typeof body === 'object' && body !== null ? (body as { data?: { reason?: unknown; until?: unknown } }).data : undefined;
  return {
    reason: typeof data?.reason === 'string' ? data.reason : '',
    until: typeof data?.until === 'string' ? data.until : null,
  };
}
