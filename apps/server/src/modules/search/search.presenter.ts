import { highlightRanges, SEARCH_LIMITS, SEARCH_MATCHES, type SearchHit } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';

/** A hit before its match is known: what a kind's searcher presents. */
export type HitBody = Omit<SearchHit, 'match'>;

const enc = encodeURIComponent;

/** Up to SEARCH_LIMITS.snippetMax characters of a text, starting a little before the first match when it is far in. */
export function snippetOf(text: string, query: string): string {
  const max = SEARCH_LIMITS.snippetMax;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const first = highlightRanges(flat, query)[0]?.[0] ?? 0;
  const start = first > max / 2 ? Math.max(0, first - 40) : 0;
  const piece = flat.slice(start, start + max - 2);
  return `${start > 0 ? '…' : ''}${piece}${start + piece.length < flat.length ? '…' : ''}`;
}

/** The match of a rank (0 exact, 1 prefix, 2 every word inside others, 3 trigrams: both near). */
export const matchOf = (rank: number) => SEARCH_MATCHES[Math.min(Math.max(rank, 0), 2)]!;

type Url = Pick<Storage, 'url'>;

export function presentPersonHit(
  row: { id: string; name: string; avatarKey: string | null; createdAt: Date },
  storage: Url,
): HitBody {
  return {
    kind: 'people',
    id: row.id,
    title: row.name,
    snippet: '',
    path: `/user-profile/${enc(row.id)}`,
    image_url: row.avatarKey ? storage.url(row.avatarKey) : null,
    tribe: null,
    author: null,
    lang: null,
    at: row.createdAt.toISOString(),
  };
}

export function presentPostHit(
  row: {
    id: string;
    body: string;
    lang: string | null;
    createdAt: Date;
    author: { id: string; name: string; avatarKey: string | null };
    tribe: { id: string; name: string; slug: string } | null;
  },
  query: string,
  storage: Url,
): HitBody {
  const avatar = row.author.avatarKey ? storage.url(row.author.avatarKey) : null;
  return {
    kind: 'posts',
    id: row.id,
    title: row.author.name,
    snippet: snippetOf(row.body, query),
    path: row.tribe ? `/tribes/${enc(row.tribe.slug)}` : `/user-profile/${enc(row.author.id)}`,
    image_url: avatar,
    tribe: row.tribe ? { id: row.tribe.id, name: row.tribe.name, slug: row.tribe.slug } : null,
    author: { id: row.author.id, name: row.author.name, avatar_url: avatar },
    lang: row.lang,
    at: row.createdAt.toISOString(),
  };
}

export function presentTribeHit(
  row: {
    id: string;
    name: string;
    slug: string;
    description: string;
    logoKey: string | null;
    coverKey: string | null;
    createdAt: Date;
  },
  query: string,
  storage: Url,
): HitBody {
  const image = row.logoKey ?? row.coverKey;
  return {
    kind: 'tribes',
    id: row.id,
    title: row.name,
    snippet: snippetOf(row.description, query),
    path: `/tribes/${enc(row.slug)}`,
    image_url: image ? storage.url(image) : null,
    tribe: null,
    author: null,
    lang: null,
    at: row.createdAt.toISOString(),
  };
}

/** An event: its title, its place (the village's or the place's name) as the snippet, its start as `at`. */
export function presentEventHit(
  row: {
    id: string;
    title: string;
    placeName: string | null;
    villageName: string | null;
    coverKey: string | null;
    startsAt: Date;
    tribe: { id: string; name: string; slug: string };
  },
  query: string,
  storage: Url,
): HitBody {
  return {
    kind: 'events',
    id: row.id,
    title: row.title,
    snippet: snippetOf(row.villageName ?? row.placeName ?? '', query),
    path: `/events/${enc(row.id)}`,
    image_url: row.coverKey ? storage.url(row.coverKey) : null,
    tribe: { id: row.tribe.id, name: row.tribe.name, slug: row.tribe.slug },
    author: null,
    lang: null,
    at: row.startsAt.toISOString(),
  };
}
