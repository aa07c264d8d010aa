import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { LoginBody, PasswordPolicy, RegisterBody } from '@tribes/shared';
import { useLocale, useLocaleNavigate } from '../../app/locale-hooks';
import { deviceName } from '../../lib/device-name';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { useForgotPassword, useLogin, useRegister, useResetPassword, useSendOtp } from './api';
import { pathAfterLogin, sessionStore, setSignUpData, signIn } from '../../lib/session/session-store';
import { passwordRules } from '../../lib/password-policy';

const loginParser = lazyParser((s) => s.LoginBodySchema);
const registerParser = lazyParser((s) => s.RegisterBodySchema);
const forgotPasswordParser = lazyParser((s) => s.ForgotPasswordBodySchema);
const resetPasswordParser = lazyParser((s) => s.ResetPasswordBodySchema);

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
  const form = useForm<LoginBody>({
    resolver: schemaResolver(loginParser, locale),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const answer = await login
      .mutateAsync({
        body: { ...body, device_name: deviceName() },
        onFieldErrors: fieldErrorsTo(form.setError, ['email', 'password']),
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

/** Sign up: on success a code is mailed and the user continues on /verify-otp. */
export function useSignUpForm(policy: PasswordPolicy | undefined) {
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const register = useRegister();
  const form = useForm<RegisterBody>({
    resolver: schemaResolver(registerParser, locale, passwordRules<RegisterBody>(policy)),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const answer = await register
      .mutateAsync({
        body: { ...body, locale },
        onFieldErrors: fieldErrorsTo(form.setError, ['name', 'email', 'password', 'password_confirmation']),
      })
      .catch(ignore);
    if (!answer) {
      // Specification section 2: after validation errors the user stays on (is sent to) /sign-up.
      navigate('/sign-up', { replace: true });
      return;
    }
    setSignUpData({ email: answer.data.user.email ?? body.email, purpose: 'email-verification' });
    navigate('/verify-otp');
  });
  return { form, onSubmit, pending: register.isPending };
}

/** Forgot password: mails a code, then /verify-otp for purpose forgot-password. */
export function useForgotPasswordForm() {
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const forgot = useForgotPassword();
  const form = useForm<{ email: string }>({
    resolver: schemaResolver(forgotPasswordParser, locale),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const answer = await forgot.mutateAsync({ body, onFieldErrors: fieldErrorsTo(form.setError, ['email']) }).catch(ignore);
    if (!answer) return;
    setSignUpData({ email: body.email, purpose: 'forgot-password' });
    navigate('/verify-otp');
  });
  return { form, onSubmit, pending: forgot.isPending };
}

interface NewPasswordFields {
  password: string;
  password_confirmation: string;
}

/** Reset password with the reset_token of a verified forgot-password code; then sign in again. */
export function useResetPasswordForm(policy: PasswordPolicy | undefined) {
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const reset = useResetPassword();
  const pending = sessionStore.get().userSignUpData;
  // The used reset token is forgotten once the page is left for /sign-in, not before: emptied while
  // /reset-password is still the page, its guard would send the visitor on to /forgot-password.
  const done = useRef(false);
  useEffect(
    () => () => {
      if (done.current) setSignUpData(null);
    },
    [],
  );
  const schema = {
    safeParse: (v: unknown) =>
      resetPasswordParser.safeParse({
        ...(v as object),
        email: pending?.email ?? '',
        reset_token: pending?.resetToken ?? '',
      }),
  };
  const form = useForm<NewPasswordFields>({
    resolver: schemaResolver(schema, locale, passwordRules<NewPasswordFields>(policy)),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const answer = await reset
      .mutateAsync({
        body: {
          email: pending?.email ?? '',
          reset_token: pending?.resetToken ?? '',
          password: body.password,
          password_confirmation: body.password_confirmation,
        },
        onFieldErrors: fieldErrorsTo(form.setError, ['password', 'password_confirmation']),
      })
      .catch(ignore);
    if (!answer) return;
    done.current = true;
    navigate('/sign-in');
  });
  return { form, onSubmit, pending: reset.isPending, email: pending?.email ?? '' };
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
