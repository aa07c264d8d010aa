import type { RealtimeEventName, RealtimeEvents } from '@tribes/shared';
import { useEffect, useRef } from 'react';
import { inOwnTask } from '../in-own-task';
import { useRealtimeClient } from './realtime-store';

/**
 * Calls `handler` for each `event` on the private (or, with kind 'public', public) channels named (Echo names, e.g. 'tribe.{id}'),
 * for as long as the component is mounted and the user signed in. The handler may change freely. Each channel
 * is joined a task after the commit (`inOwnTask`), not inside it: pusher-js asks the server for a signature over
 * XHR, tens of ms of script on a phone, which lengthened the commit that shows the page.
 */
export function useRealtimeEvent<E extends RealtimeEventName>(
  channels: readonly string[],
  event: E,
  handler: (payload: RealtimeEvents[E], channel: string) => void,
  kind: 'private' | 'public' = 'private',
): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = [...new Set(channels)].sort().join('\n');
  useEffect(() => {
    if (!client || !key) return;
    const stops = key
      .split('\n')
      .map((channel) =>
        inOwnTask(() =>
          kind === 'public'
            ? client.listenPublic(channel, event, (payload) => latest.current(payload, channel))
            : client.listenPrivate(channel, event, (payload) => latest.current(payload, channel)),
        ),
      );
    return () => stops.forEach((stop) => stop());
  }, [client, key, event, kind]);
}
