import type { TestApp } from '#test/build-test-app.js';
import { enableTotp, signUp, uniqueEmail } from '#test/factories.js';

/** Emails that OPERATOR_EMAILS names in these tests' apps: an account signing up with one is an operator. */
export const operatorEmails = (n: number) => Array.from({ length: n }, (_, i) => uniqueEmail(`operator${i}`));

/** The app's env naming these emails operators. */
export const operatorEnv = (emails: string[]) => ({ OPERATOR_EMAILS: emails.join(', ') });

/** An operator (by OPERATOR_EMAILS, granted as their email is verified) with TOTP on, unless `twoFactor` is false. */
export async function signUpOperator(t: TestApp, email: string, { twoFactor = true } = {}) {
  const op = await signUp(t, { email, name: `Operator ${email.slice(0, 12)}` });
  if (twoFactor) await enableTotp(t, op.token);
  return op;
}
