/** Filled in by issue 13's oidc sign-in work: renders nothing until then. */
export function OidcSignIn() {
  return null;
}
