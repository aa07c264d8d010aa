import { useCallback, useEffect, useState } from 'react';
import { disablePush, enablePush, readPushState, type PushState } from './push-device';

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
