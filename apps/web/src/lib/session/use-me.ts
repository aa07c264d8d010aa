import { useQuery } from '@tanstack/react-query';
import { usersEndpoints as endpoints } from '@tribes/shared';
import { api } from '../../app/api';
import { accountKeys } from '../query-keys';
import { setUser, useSession } from './session-store';

/** GET /v1/me, refreshing the stored user (also the start's early ask, app/first-queries). */
export async function readMe() {
  const answer = await api.call(endpoints.me);
  setUser(answer.data.user);
  return answer.data.user;
}

/** GET /v1/me, refreshing the stored user. */
export function useMe() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: accountKeys.me,
    enabled: isLoggedIn,
    queryFn: readMe,
  });
}
