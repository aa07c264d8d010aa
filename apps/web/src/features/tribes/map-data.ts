import type { MapTribe } from '@tribes/shared';
import { STORAGE_KEYS } from '@tribes/shared/constants';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keeps only well-formed entries: the list comes from the network or from storage, neither trusted. */
function toMapTribes(value: unknown): MapTribe[] | null {
  if (!Array.isArray(value)) return null;
  const out: MapTribe[] = [];
  for (const v of value) {
    if (!isRecord(v)) continue;
    const { id, name, slug, lat, lng, member_count, village_count, cover_url, logo_url } = v;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof slug !== 'string') continue;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    out.push({
      id,
      name,
      slug,
      lat,
      lng,
      member_count: typeof member_count === 'number' ? member_count : 0,
      village_count: typeof village_count === 'number' ? village_count : 0,
      cover_url: typeof cover_url === 'string' ? cover_url : null,
      logo_url: typeof logo_url === 'string' ? logo_url : null,
    });
  }
  return out;
}

/** GET /v1/get_map_tribes answers base64 of a UTF-8 JSON list (specification: "Tribes"). */
export function decodeMapTribes(base64: string): MapTribe[] {
  const binary = atob(base64.trim());
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const list = toMapTribes(JSON.parse(new TextDecoder('utf-8').decode(bytes)));
  if (!list) throw new Error('get_map_tribes: not a list');
  return list;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The list kept in localStorage `tribes` (DESIGN section 8), or null when absent or unreadable. */
export function readStoredTribes(): MapTribe[] | null {
  const raw = storage()?.getItem(STORAGE_KEYS.tribes);
  if (!raw) return null;
  try {
    return toMapTribes(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Persists the decoded list; a full or blocked storage only loses the cache. */
export function storeTribes(list: MapTribe[]): void {
  try {
    storage()?.setItem(STORAGE_KEYS.tribes, JSON.stringify(list));
  } catch {
    /* quota or privacy mode: the map still works from memory */
  }
}
