import { useMutation } from '@tanstack/react-query';
import { usersEndpoints as endpoints, type SettingsBody } from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../api-client';
import { setUser } from './session-store';

/** PATCH /v1/me/settings: only what the body names changes; field errors go to the form that asks. */
export function useSaveSettings() {
  return useMutation({
    mutationFn: async (body: SettingsBody & { onFieldErrors?: FieldErrorsHandler }) => {
      const { onFieldErrors, ...rest } = body;
      return api.call(endpoints.patchSettings, { body: rest }, onFieldErrors ? { onFieldErrors } : {});
    },
    onSuccess: (answer) => setUser(answer.data.user),
  });
}
