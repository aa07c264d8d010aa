import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for API tests: an EC P-256 (ES256) discoverable credential that
 * answers registration ('none' attestation, CBOR) and authentication ceremonies the way a browser
 * encodes them (RegistrationResponseJSON / AuthenticationResponseJSON), so the server's verification
 * runs for real without a browser.
 */
export interface SoftAuthenticatorOptions {
  origin?: string;
  rpId?: string;
  /** User verified (UV flag); true unless a test wants a presence-only authenticator. */
  userVerified?: boolean;
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export function createSoftAuthenticator({
  origin = 'http://localhost:3000',
  rpId = 'localhost',
  userVerified = true,
}: SoftAuthenticatorOptions = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  const cosePublicKey = () => {
    const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    return isoCBOR.encode(key);
  };

  const authData = (attested: boolean, rp = rpId) => {
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rp), Buffer.from([flags]), count];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), len, credentialId, Buffer.from(cosePublicKey()));
    }
    return Buffer.concat(parts);
  };

  const clientData = (type: string, challenge: string, o = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: o, crossOrigin: false }));

  return {
    credentialId: b64u(credentialId),
    /** navigator.credentials.create() for these options (the challenge, and the user handle it keeps). */
    register(options: { challenge: string; user?: { id: string } }, overrides: { origin?: string; rpId?: string } = {}) {
      userHandle = options.user?.id;
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(true, overrides.rpId)],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge, overrides.origin)),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** navigator.credentials.get() for these options: signs authenticatorData ‖ SHA-256(clientDataJSON). */
    authenticate(options: { challenge: string }, overrides: { origin?: string; userHandle?: string; counter?: number } = {}) {
      // A given counter stands for a cloned authenticator replaying an old count.
      counter = overrides.counter ?? counter + 1;
      const data = authData(false);
      const client = clientData('webauthn.get', options.challenge, overrides.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      const handle = overrides.userHandle ?? userHandle;
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64u(client),
          authenticatorData: b64u(data),
          signature: b64u(signature),
          ...(handle ? { userHandle: handle } : {}),
        },
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
