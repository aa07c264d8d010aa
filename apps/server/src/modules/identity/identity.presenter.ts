import type { AuthProviders, Identity } from '@tribes/shared';
import type { Config } from '#src/core/config.js';
import type { IdentityRow } from './identity.repo.js';
import type { PasskeyRow } from '../passkeys/index.js';
import type { UserRow } from '../users/index.js';

/** One way into an account, as the sign-in methods list shows it. */
export type SignInMethod =
  | { kind: 'password'; user: UserRow }
  | { kind: 'email'; user: UserRow }
  | { kind: 'identity'; row: IdentityRow }
  | { kind: 'passkey'; passkey: PasskeyRow };

/** GET /v1/auth/providers: the web SDK's public config (never a secret), the OIDC issuers' names, passkeys. */
export function presentProviders(config: Pick<Config, 'firebase' | 'oidcProviders'>): AuthProviders {
  const f = config.firebase;
  return {
    firebase: f
      ? {
          api_key: f.apiKey,
          auth_domain: f.authDomain,
          project_id: f.projectId,
          providers: f.providers,
          emulator_host: f.emulatorHost ?? null,
        }
      : null,
    oidc: config.oidcProviders.map((p) => ({ id: p.id, name: p.name })),
    passkeys: true,
  };
}

export function presentIdentityRow(row: IdentityRow, oidcName: (id: string) => string | null): Identity {
  return {
    id: row.id,
    kind: row.kind === 'oidc' ? 'oidc' : 'firebase',
    provider: row.provider,
    name: row.kind === 'oidc' ? oidcName(row.issuer) : null,
    email: row.email,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** One sign-in method of GET /v1/me/identities. */
export function presentMethod(m: SignInMethod, oidcName: (id: string) => string | null): Identity {
  switch (m.kind) {
    case 'password':
    case 'email':
      return {
        id: m.kind,
        kind: m.kind,
        provider: null,
        name: null,
        email: m.user.email,
        phone: null,
        created_at: null,
        last_used_at: null,
      };
    case 'identity':
      return presentIdentityRow(m.row, oidcName);
    case 'passkey':
      return {
        id: m.passkey.id,
        kind: 'passkey',
        provider: null,
        name: m.passkey.name,
        email: null,
        phone: null,
        created_at: m.passkey.createdAt.toISOString(),
        last_used_at: m.passkey.lastUsedAt?.toISOString() ?? null,
      };
  }
}
