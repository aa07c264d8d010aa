import type { Passkey } from '@tribes/shared';
import type { PasskeyRow } from './passkeys.repo.js';

/** A passkey as its owner sees it: its name, kind and dates, never its key or counter. */
export function presentPasskey(p: PasskeyRow): Passkey {
  return {
    id: p.id,
    name: p.name,
    device_type: p.deviceType,
    backed_up: p.backedUp,
    transports: p.transports,
    created_at: p.createdAt.toISOString(),
    last_used_at: p.lastUsedAt?.toISOString() ?? null,
  };
}
