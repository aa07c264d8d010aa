import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitesEndpoints as endpoints, type CreateInviteBody } from '@tribes/shared';
import { api } from '../../app/api';
import { accountKeys, tribeKeys } from '../../lib/query-keys';

export const inviteKeys = { preview: (code: string) => ['invites', 'preview', code] as const };

/** GET /v1/invites/{code}: the public preview; 404 and 410 are states of the page, not notices. */
export function useInvitePreview(code: string | undefined) {
  return useQuery({
    queryKey: inviteKeys.preview(code ?? ''),
    enabled: Boolean(code),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.preview, { params: { code: code ?? '' } }, { signal, quietStatuses: [404, 410] })).data.invite,
  });
}

/** POST /v1/tribes/{id}/invites (leaders and moderators). */
export function useCreateInvite(tribeId: string) {
  return useMutation({
    mutationFn: async (body: CreateInviteBody) =>
      (await api.call(endpoints.create, { params: { id: tribeId }, body }, { notifySuccess: false })).data.invite,
  });
}

/** POST /v1/invites/{code}/accept: joins; tribe reads and the signed-in user (primary tribe) refetch. */
export function useAcceptInvite(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.accept, { params: { code } }, { quietStatuses: [410] })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: tribeKeys.all });
      void client.invalidateQueries({ queryKey: tribeKeys.map });
      void client.invalidateQueries({ queryKey: accountKeys.me });
    },
  });
}
