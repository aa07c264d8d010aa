import type { Village, VillageStatus } from '@tribes/shared';
import type { VillageRow } from './villages.repo.js';

/** A village with the name of who registered it. */
export function presentVillage(row: VillageRow, creator: { id: string; name: string } | null): Village {
  return {
    id: row.id,
    tribe_id: row.tribeId,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    description: row.description,
    population: row.population,
    status: row.status as VillageStatus,
    created_by: creator && creator.id ? { id: creator.id, name: creator.name } : null,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
