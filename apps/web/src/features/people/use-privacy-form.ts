import type { ProfileVisibility } from '@tribes/shared';
import { useState } from 'react';
import { useSession } from '../../lib/session/session-store';
import { useSavePrivacy } from './api';

/** /setting/privacy-setting: who sees my profile, and whether I appear on the map (PUT /v1/me/privacy). */
export function usePrivacyForm() {
  const user = useSession().userData;
  const save = useSavePrivacy();
  const [draft, setDraft] = useState<{ profile_visibility: ProfileVisibility; show_on_map: boolean } | null>(null);
  const current = draft ?? {
    profile_visibility: user?.privacy?.profile_visibility ?? 'public',
    show_on_map: user?.privacy?.show_on_map ?? true,
  };
  return {
    values: current,
    setVisibility: (v: ProfileVisibility) => setDraft({ ...current, profile_visibility: v }),
    setShowOnMap: (v: boolean) => setDraft({ ...current, show_on_map: v }),
    dirty: draft !== null,
    pending: save.isPending,
    submit: async () => {
      const ok = await save.mutateAsync(current).catch(() => undefined);
      if (ok) setDraft(null);
    },
  };
}
