import { useQuery } from '@tanstack/react-query';
import { tribesEndpoints as endpoints } from '@tribes/shared';
import { api } from '../app/api';
import { tribeKeys } from './query-keys';

/** GET /v1/tribes/{id or slug}. */
export function useTribe(ref: string | null | undefined) {
  return useQuery({
    queryKey: tribeKeys.detail(ref ?? ''),
    enabled: Boolean(ref),
    retry: false,
    queryFn: async ({ signal }) => (await api.call(endpoints.show, { params: { id: ref ?? '' } }, { signal })).data.tribe,
  });
}
