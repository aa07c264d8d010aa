import { useMe } from './use-me';
import { useSession } from './session-store';

/** The id of the user's primary tribe, kept fresh with GET /v1/me (leaving or creating a tribe changes it). */
export function usePrimaryTribe(): string | null {
  useMe();
  return useSession().userData?.profile.primary_tribe_id ?? null;
}
