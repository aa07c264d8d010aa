import { generate } from 'otplib';
import type { TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { signUp, uniqueEmail } from '#test/factories.js';

/** Emails that OPERATOR_EMAILS names in these tests' apps: an account signing up with one is an operator. */
export const operatorEmails = (n: number) => Array.from({ length: n }, (_, i) => uniqueEmail(`operator${i}`));

/** The app's env naming these emails operators. */
export const operatorEnv = (emails: string[]) => ({ OPERATOR_EMAILS: emails.join(', ') });

/** Turns TOTP on for an account (a fresh session right after sign-up may do it). */
export async function enableTotp(t: TestApp, token: string): Promise<void> {
  const call = caller(() => t, { prefix: '/api' });
  const enrol = await call('POST', '/v1/me/2fa/totp', token);
  if (enrol.status !== 201 && enrol.status !== 200) throw new Error(`2fa enrol failed: ${enrol.text}`);
  const secret = enrol.body.data.secret as string;
  const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const confirmed = await call('POST', '/v1/me/2fa/totp/confirm', token, { code });
  if (confirmed.status !== 200) throw new Error(`2fa confirm failed: ${confirmed.text}`);
}

/** An operator (by OPERATOR_EMAILS, granted as their email is verified) with TOTP on, unless `twoFactor` is false. */
export async function signUpOperator(t: TestApp, email: string, { twoFactor = true } = {}) {
  const op = await signUp(t, { email, name: `Operator ${email.slice(0, 12)}` });
  if (twoFactor) await enableTotp(t, op.token);
  return op;
}
