import { useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@tribes/shared';
import { api } from '../app/api';
import { moneyKeys } from './query-keys';

/** GET /v1/config, read once per visit: the price of a token and its currency, whether translation is offered. */
export function usePublicConfig(enabled = true) {
  return useQuery({
    queryKey: moneyKeys.config,
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await api.call(systemEndpoints.config, {}, { signal })).data,
  });
}
