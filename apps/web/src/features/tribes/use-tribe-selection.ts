import { useState } from 'react';
import type { Tribe } from '@tribes/shared';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { useSession } from '../../lib/session/session-store';
import { useSelectTribe } from './api';
import { useTribeBrowser } from './use-tribe-browser';

/**
 * Onboarding's tribe selection: search and browse (list or map), choose a tribe (POST
 * /v1/tribe_selection), then on to /home; or as a leader create one, choose it and land on it.
 */
export function useTribeSelection() {
  const browser = useTribeBrowser();
  const { userData } = useSession();
  const navigate = useLocaleNavigate();
  const select = useSelectTribe();
  const [creating, setCreating] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);

  /** Chooses a tribe, then goes on: to /home, or where the caller says. */
  const choose = async (tribeId: string, then = '/home') => {
    setChoosing(tribeId);
    const done = await select.mutateAsync(tribeId).catch(() => undefined);
    setChoosing(null);
    if (done) navigate(then, { replace: true });
  };

  /** A leader who just made a tribe lands on it, where its setup checklist waits (not on the global feed). */
  const onCreated = async (tribe: Tribe) => {
    setCreating(false);
    await choose(tribe.id, `/tribes/${tribe.slug}`);
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
