import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { PasswordPolicy, RegisterBody } from '@tribes/shared';
import { useLocale, useLocaleNavigate } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { useForgotPassword, useRegister, useResetPassword } from './api';
import { sessionStore, setSignUpData } from '../../lib/session/session-store';
import { passwordRules } from '../../lib/password-policy';

const registerParser = lazyParser((s) => s.RegisterBodySchema);
const forgotPasswordParser = lazyParser((s) => s.ForgotPasswordBodySchema);
const resetPasswordParser = lazyParser((s) => s.ResetPasswordBodySchema);

const ignore = () => undefined;

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
