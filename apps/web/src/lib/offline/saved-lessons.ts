import { learningEndpoints } from '@tribes/shared';
import { useEffect, useState } from 'react';
import { api } from '../../app/api';
import { lessonApiPath, OFFLINE_CACHES } from '../offline-caches';
import { useOnline } from '../online-status';

/** The lessons among `ids` the service worker keeps for reading offline. */
async function savedAmong(ids: string[]): Promise<Set<string>> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return new Set();
  const cache = await caches.open(OFFLINE_CACHES.api);
  const found = await Promise.all(
    ids.map(async (id) => ((await cache.match(lessonApiPath(id), { ignoreVary: true })) ? id : null)),
  );
  return new Set(found.filter((id): id is string => id !== null));
}

/**
 * The open lessons of a course a member follows, saved for reading offline: each is read once in
 * the background (the service worker keeps the answer), then marked. Answers the ids saved.
 */
export function useSavedLessons(ids: string[], follow: boolean): Set<string> {
  const online = useOnline();
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    const list = key ? key.split(',') : [];
    void (async () => {
      let have = await savedAmong(list).catch(() => new Set<string>());
      if (live) setSaved(have);
      if (!follow || !online || !navigator.serviceWorker?.controller) return;
      for (const id of list.filter((i) => !have.has(i))) {
        if (!live) return;
        await api.call(learningEndpoints.getLesson, { params: { id } }, { silent: true }).catch(() => undefined);
      }
      // The worker writes its cache just after answering: look again a few times until every lesson is there.
      for (let tries = 0; tries < 6 && live; tries++) {
        have = await savedAmong(list).catch(() => have);
        setSaved(have);
        if (have.size === list.length) return;
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    return () => {
      live = false;
    };
  }, [key, follow, online]);
  return saved;
}
