import type { MapTribe, Membership, MembershipStatus, Tribe, TribeMember, TribeRole, TribeVisibility } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';
import type { MemberRow, TribeRow } from './tribes.repo.js';

/** A membership as its owner sees it (none without a row). */
export function presentMembership(row: MemberRow): Membership;
export function presentMembership(row: MemberRow | undefined | null): Membership | null;
export function presentMembership(row: MemberRow | undefined | null): Membership | null {
  if (!row) return null;
  return { role: row.role as TribeRole, status: row.status as MembershipStatus, joined_at: row.joinedAt.toISOString() };
}

/** A tribe with the reader's own membership. */
export function presentTribe(row: TribeRow, storage: Pick<Storage, 'url'>, membership?: MemberRow | null): Tribe {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    cover_url: row.coverKey ? storage.url(row.coverKey) : null,
    logo_url: row.logoKey ? storage.url(row.logoKey) : null,
    lat: row.lat,
    lng: row.lng,
    region: row.region,
    visibility: row.visibility as TribeVisibility,
    member_count: row.memberCount,
    village_count: row.villageCount,
    my_membership: presentMembership(membership),
    allow_translation: row.allowTranslation,
    // Only a suspended tribe's active leaders see it at all, and they see why (DESIGN 11.2).
    suspension:
      row.suspendedAt && membership?.role === 'leader' && membership.status === 'active'
        ? { reason: row.suspensionReason ?? '', since: row.suspendedAt.toISOString() }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The fields of GET /v1/get_map_tribes. */
export function presentMapTribe(row: TribeRow, storage: Pick<Storage, 'url'>): MapTribe {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    lat: row.lat,
    lng: row.lng,
    member_count: row.memberCount,
    village_count: row.villageCount,
    cover_url: row.coverKey ? storage.url(row.coverKey) : null,
    logo_url: row.logoKey ? storage.url(row.logoKey) : null,
  };
}

/** A member as listed to others: name and photo, never the email. */
export function presentMember(
  row: { member: MemberRow; user: { id: string; name: string; avatarKey: string | null } },
  storage: Pick<Storage, 'url'>,
): TribeMember {
  return {
    user: { id: row.user.id, name: row.user.name, avatar_url: row.user.avatarKey ? storage.url(row.user.avatarKey) : null },
    role: row.member.role as TribeRole,
    status: row.member.status as MembershipStatus,
    joined_at: row.member.joinedAt.toISOString(),
  };
}
