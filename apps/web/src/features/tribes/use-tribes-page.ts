import { useState } from 'react';
import type { Tribe } from '@tribes/shared';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { useSession } from '../../lib/session/session-store';
import { useTribeBrowser } from './use-tribe-browser';

/** /tribes: the browser, and for leaders a new tribe, opened once created. */
export function useTribesPage() {
  const browser = useTribeBrowser();
  const { userData } = useSession();
  const navigate = useLocaleNavigate();
  const [creating, setCreating] = useState(false);
  return {
    ...browser,
    canCreate: userData?.role === 'leader',
    hasPrimary: Boolean(userData?.profile.primary_tribe_id),
    creating,
    openCreate: () => setCreating(true),
    closeCreate: () => setCreating(false),
    onCreated: (tribe: Tribe) => {
      setCreating(false);
      navigate(`/tribes/${tribe.slug}`);
    },
  };
}
