import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TYPES } from '@tribes/shared';
import { useSaveSettings } from '../../lib/session/use-save-settings';
import { useSession } from '../../lib/session/session-store';
import { disablePush, enablePush, readPushState, type PushState } from '../../lib/push/push-device';
import { pushOfferStore } from '../../lib/push/push-offer';

/** This browser's push state, and switching it (the permission prompt comes from the member's click). */
export function usePushDevice() {
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    readPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  const change = useCallback(async (on: boolean): Promise<PushState | null> => {
    setBusy(true);
    setFailed(false);
    try {
      const next = await (on ? enablePush() : disablePush());
      setState(next);
      return next;
    } catch {
      setFailed(true);
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { state, busy, failed, change };
}

/**
 * "Turn on" in the offer: asks the browser, subscribes, closes the offer; when no type was set to push
 * yet, push is switched on for the types the member already follows in the app.
 */
export function usePushOfferAnswer() {
  const { userData } = useSession();
  const save = useSaveSettings();
  const [busy, setBusy] = useState(false);
  const turnOn = async () => {
    setBusy(true);
    const state = await enablePush().catch(() => null);
    setBusy(false);
    pushOfferStore.set(false);
    if (state !== 'on') return;
    const current = userData?.settings?.notifications ?? DEFAULT_NOTIFICATION_SETTINGS;
    if (!NOTIFICATION_TYPES.some((type) => current[type].push)) {
      const followed = NOTIFICATION_TYPES.filter((type) => current[type].in_app);
      save.mutate({ notifications: Object.fromEntries(followed.map((type) => [type, { push: true }])) });
    }
  };
  return { busy, turnOn };
}
