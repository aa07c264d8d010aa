import { useForm } from 'react-hook-form';
import { OTP_RESEND_SECONDS } from '../../app/config';
import { useLocale, useLocaleNavigate } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { useCountdown } from '../../lib/use-countdown';
import { useSendOtp, useVerifyOtp } from './api';
import { nextOnboardingPath, setSignUpData, signIn, useSession, waitingPathAfterSignIn } from '../../lib/session/session-store';

const codeParser = lazyParser((s) => s.OtpVerifyBodySchema.pick({ code: true }));

/**
 * /verify-otp: checks the mailed code. An email-verification or a login code signs the user in and
 * onboarding continues where it stopped; a forgot-password code allows /reset-password. A new code
 * after a 60 s countdown.
 */
export function useVerifyOtpForm() {
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const pending = useSession().userSignUpData;
  const verify = useVerifyOtp();
  const send = useSendOtp();
  const countdown = useCountdown(OTP_RESEND_SECONDS);
  const form = useForm<{ code: string }>({ resolver: schemaResolver(codeParser, locale), defaultValues: { code: '' } });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (!pending) return;
    const answer = await verify
      .mutateAsync({
        body: { email: pending.email, code, purpose: pending.purpose },
        onFieldErrors: fieldErrorsTo(form.setError, ['code']),
      })
      .catch(() => undefined);
    if (!answer) return;
    const data = answer.data;
    if ('reset_token' in data) {
      setSignUpData({ ...pending, resetToken: data.reset_token });
      navigate('/reset-password');
      return;
    }
    if ('two_factor_required' in data) {
      // 2FA on: the code step of /sign-in finishes the sign-in.
      navigate(`/sign-in?challenge=${encodeURIComponent(data.challenge_id)}`);
      return;
    }
    signIn(data.auth_token, data.user);
    // An invite or a page opened while signed out comes first, as after a password sign-in (pathAfterLogin).
    navigate(waitingPathAfterSignIn() ?? nextOnboardingPath(data.user.profile.last_step));
  });

  const resend = async () => {
    if (!pending || countdown.remaining > 0) return;
    const ok = await send.mutateAsync({ email: pending.email, purpose: pending.purpose }).catch(() => undefined);
    if (ok) countdown.restart();
  };

  return {
    form,
    onSubmit,
    pending: verify.isPending,
    resend,
    resending: send.isPending,
    remaining: countdown.remaining,
    target: pending,
  };
}
