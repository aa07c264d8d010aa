import { useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@tribes/shared';
import { api } from '../app/api';
import { inlinedPublicConfig } from './inlined-config';
import { moneyKeys } from './query-keys';

/**
 * GET /v1/config, read once per visit (from the served page when it carries it): the price of a token and its
 * currency, whether translation is offered.
 */
export function usePublicConfig(enabled = true) {
  return useQuery({
    queryKey: moneyKeys.config,
    enabled,
    staleTime: Infinity,
    initialData: () => inlinedPublicConfig() ?? undefined,
    queryFn: async ({ signal }) => (await api.call(systemEndpoints.config, {}, { signal })).data,
  });
}
