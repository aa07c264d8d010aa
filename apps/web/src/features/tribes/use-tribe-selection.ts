import { useState } from 'react';
import type { Tribe } from '@tribes/shared';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { useSession } from '../auth/session-store';
import { useSelectTribe } from './api';
import { useTribeBrowser } from './use-tribe-browser';

/**
 * Onboarding's tribe selection: search and browse (list or map), choose a tribe (POST
 * /v1/tribe_selection), or as a leader create one and choose it; then on to /home.
 */
export function useTribeSelection() {
  const browser = useTribeBrowser();
  const { userData } = useSession();
  const navigate = useLocaleNavigate();
  const select = useSelectTribe();
  const [creating, setCreating] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);

  const choose = async (tribeId: string) => {
    setChoosing(tribeId);
    const done = await select.mutateAsync(tribeId).catch(() => undefined);
    setChoosing(null);
    if (done) navigate('/home', { replace: true });
  };

  const onCreated = async (tribe: Tribe) => {
    setCreating(false);
    await choose(tribe.id);
  };

  return {
    ...browser,
    canCreate: userData?.role === 'leader',
    creating,
    openCreate: () => setCreating(true),
    closeCreate: () => setCreating(false),
    onCreated,
    choose,
    choosing,
    /** The button's wording: a tribe the user already belongs to (or asked) is continued with. */
    choiceOf: (tribe: Tribe): 'continue' | 'request' | 'choose' =>
      tribe.my_membership ? 'continue' : tribe.visibility === 'request' ? 'request' : 'choose',
    busy: select.isPending,
  };
}
