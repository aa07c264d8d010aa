/** Filled in by issue 13's firebase sign-in work: renders nothing until then. */
export function FirebaseSignIn() {
  return null;
}
