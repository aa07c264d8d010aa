import Stack from '@mui/material/Stack';
import { FirebaseSignIn } from './firebase-sign-in';
import { OidcSignIn } from './oidc-sign-in';
import { PasskeySignIn } from './passkey-sign-in';

/**
 * The sign-in methods beside the password and the emailed code (DESIGN 10.2), on /sign-in and /sign-up:
 * a passkey (always offered), the Firebase providers named by IDENTITY_PROVIDERS (phone, Google, Apple,
 * Facebook; the Firebase SDK loads only when one is picked) and the configured OpenID Connect issuers.
 */
export function OtherSignInMethods() {
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="other-sign-in">
      <PasskeySignIn />
      <FirebaseSignIn />
      <OidcSignIn />
    </Stack>
  );
}
