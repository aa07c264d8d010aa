import { useMemo } from 'react';
import type { MapTribe, MapVillage, Tribe } from '@tribes/shared';
import { useTribeVillages } from './api';

/** One tribe and its approved villages, shaped as map entries. */
export function useTribeMapData(tribe: Tribe) {
  const villagesQuery = useTribeVillages(tribe.id, 'approved');
  return useMemo(() => {
    const tribes: MapTribe[] = [
      {
        id: tribe.id,
        name: tribe.name,
        slug: tribe.slug,
        lat: tribe.lat,
        lng: tribe.lng,
        member_count: tribe.member_count,
        village_count: tribe.village_count,
        cover_url: tribe.cover_url,
        logo_url: tribe.logo_url,
      },
    ];
    const villages: MapVillage[] = (villagesQuery.data?.pages.flatMap((p) => p.items) ?? []).map((v) => ({
      id: v.id,
      tribe_id: v.tribe_id,
      tribe_slug: tribe.slug,
      name: v.name,
      lat: v.lat,
      lng: v.lng,
    }));
    return { tribes, villages };
  }, [tribe, villagesQuery.data]);
}
