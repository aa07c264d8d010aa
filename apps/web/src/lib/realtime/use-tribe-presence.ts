import { ECHO_CHANNELS } from '@tribes/shared';
import { useEffect, useState } from 'react';
import { inOwnTask } from '../in-own-task';
import { useRealtimeClient } from './realtime-store';
import type { PresenceMember } from './types';

/** Who is on a tribe's presence channel now (here, then joining and leaving), me included; joined a task after the commit. */
export function useTribePresence(tribeId: string | null | undefined): PresenceMember[] {
  const client = useRealtimeClient();
  const [members, setMembers] = useState<PresenceMember[]>([]);
  useEffect(() => {
    setMembers([]);
    if (!client || !tribeId) return;
    return inOwnTask(() =>
      client.joinPresence(ECHO_CHANNELS.tribe(tribeId), {
        here: (list) => setMembers(list),
        joining: (m) => setMembers((list) => [...list.filter((x) => x.id !== m.id), m]),
        leaving: (m) => setMembers((list) => list.filter((x) => x.id !== m.id)),
      }),
    );
  }, [client, tribeId]);
  return members;
}
