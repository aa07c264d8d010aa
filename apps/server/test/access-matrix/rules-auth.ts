import { buildRegistration, uniqueEmail } from '../factories.js';
import { SIGNED_IN, by, everyone, selfOnly, type Rules } from './types.js';

/**
 * Signing in and the ways to (DESIGN 5 "Auth", 10.2): public endpoints every role may call, and the
 * caller's own sign-in methods. Firebase, OIDC issuers, WebAuthn authenticators and TOTP apps are not
 * part of this test: those cells send well-formed but unprovable proofs, tolerate the answer that says
 * so, and hold only who is let in at all.
 */

const NIL = '00000000-0000-4000-8000-000000000000';
const proofs = 'the body carries a wrong code or an unprovable proof on purpose: its 400/401 is about the proof, not the caller';

export const authRules: Rules = {
  'auth.checkEmailExists': { expect: everyone(), request: () => ({ body: { email: uniqueEmail() } }) },
  'auth.register': { expect: everyone(), request: () => ({ body: buildRegistration() }) },
  'auth.sendOtp': { expect: everyone(), request: () => ({ body: { email: uniqueEmail(), purpose: 'forgot-password' } }) },
  'auth.verifyOtp': {
    expect: everyone(),
    tolerate: [400],
    reason: proofs,
    request: (c) => ({ body: { email: c.w.victim.email, code: '000000', purpose: 'forgot-password' } }),
  },
  'auth.login': { expect: everyone(), request: (c) => ({ body: { email: c.w.victim.email, password: c.w.victim.password } }) },
  'auth.logout': { expect: selfOnly(), standIn: true },
  'auth.forgotPassword': { expect: everyone(), request: () => ({ body: { email: uniqueEmail() } }) },
  'auth.resetPassword': {
    expect: everyone(),
    tolerate: [400],
    reason: proofs,
    request: (c) => ({
      body: {
        email: c.w.victim.email,
        reset_token: 'x'.repeat(40),
        password: 'new pass phrase 1',
        password_confirmation: 'new pass phrase 1',
      },
    }),
  },
  'auth.passwordPolicy': { expect: everyone() },

  'identity.providers': { expect: everyone() },
  'identity.signIn': {
    expect: everyone(),
    tolerate: [401, 404],
    reason: `no Firebase project in the test app; ${proofs}`,
    request: () => ({ body: { id_token: 'not.a.token' } }),
  },
  'identity.list': { expect: selfOnly() },
  // Each caller's only sign-in method (the password): removing the last one is 409, reached.
  'identity.remove': {
    expect: selfOnly(),
    request: async (c) => {
      const { data } = await c.w.call('GET', '/v1/me/identities', c.me!.token);
      return { params: { id: data.identities[0].id as string } };
    },
    foreign: { status: 404, request: (c) => ({ params: { id: c.w.ids.victimIdentity! } }) },
  },
  'identity.linkFirebase': {
    expect: selfOnly(),
    tolerate: [401, 404],
    reason: `no Firebase project in the test app; ${proofs}`,
    request: () => ({ body: { id_token: 'not.a.token' } }),
  },

  'passkey.registrationOptions': { expect: selfOnly() },
  'passkey.add': {
    expect: selfOnly(),
    tolerate: [400],
    reason: `no authenticator here; ${proofs}`,
    request: () => ({ body: { response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} } } }),
  },
  'passkey.list': { expect: selfOnly() },
  'passkey.remove': {
    expect: by({ 404: SIGNED_IN, 401: ['anonymous'] }),
    reason: 'no authenticator here, so nobody has a passkey: an unknown id is 404 to every signed-in caller',
    request: () => ({ params: { id: NIL } }),
  },
  'passkey.signInOptions': { expect: everyone() },
  'passkey.signIn': {
    expect: everyone(),
    tolerate: [400, 401],
    reason: `no authenticator here; ${proofs}`,
    request: () => ({ body: { challenge_id: NIL, response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} } } }),
  },

  'twoFactor.status': { expect: selfOnly() },
  'twoFactor.enrol': { expect: selfOnly(), standIn: true },
  // Confirming needs the app's current code; turning it off, one: wrong codes are the body's fault.
  'twoFactor.confirm': {
    expect: selfOnly(),
    tolerate: [400],
    reason: proofs,
    standIn: true,
    request: () => ({ body: { code: '000000' } }),
  },
  'twoFactor.disable': {
    expect: selfOnly(),
    tolerate: [400],
    reason: proofs,
    standIn: true,
    request: () => ({ body: { code: '000000' } }),
  },
  // No role here has two-factor on: every caller is told so (409), about its own account only.
  'twoFactor.renewRecoveryCodes': { expect: selfOnly(), standIn: true },
  'twoFactor.verify': {
    expect: everyone(),
    tolerate: [400, 401, 404],
    reason: `no pending challenge; ${proofs}`,
    request: () => ({ body: { challenge_id: NIL, code: '000000' } }),
  },
  'twoFactor.passkeyOptions': {
    expect: everyone(),
    tolerate: [400, 404],
    reason: `no pending challenge; ${proofs}`,
    request: () => ({ body: { challenge_id: NIL } }),
  },

  // Sudo mode (DESIGN 11.7): each caller confirms only its own session.
  'reauth.status': { expect: selfOnly() },
  'reauth.reauth': {
    expect: selfOnly(),
    standIn: true,
    request: (c) => ({ body: { password: c.me?.password ?? 'x'.repeat(12) } }),
  },
  'reauth.sendEmailCode': { expect: selfOnly(), standIn: true },
  // No role has a passkey: 409 reauth_method_unavailable, about its own account.
  'reauth.passkeyOptions': { expect: selfOnly() },

  'oidc.start': {
    expect: everyone(404),
    reason: 'no OpenID Connect issuer is configured in the test app: every caller is told 404',
    request: () => ({ params: { id: 'example' } }),
  },
  'oidc.callback': {
    expect: everyone(404),
    reason: 'no OpenID Connect issuer is configured in the test app: every caller is told 404',
    request: () => ({ params: { id: 'example' }, query: { state: 's', code: 'c' } }),
  },
  'oidc.link': {
    expect: by({ 404: SIGNED_IN, 401: ['anonymous'] }),
    reason: 'no OpenID Connect issuer is configured in the test app: signed-in callers are told 404',
    request: () => ({ params: { id: 'example' }, body: {} }),
  },

  'accountEmail.sendCode': { expect: selfOnly(), request: () => ({ body: { email: uniqueEmail() } }) },
  'accountEmail.confirm': {
    expect: selfOnly(),
    tolerate: [400],
    reason: proofs,
    request: () => ({ body: { email: uniqueEmail(), code: '000000' } }),
  },
};
