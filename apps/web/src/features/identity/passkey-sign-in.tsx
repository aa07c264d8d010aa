/** Filled in by issue 13's passkey sign-in work: renders nothing until then. */
export function PasskeySignIn() {
  return null;
}
