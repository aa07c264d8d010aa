import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/locale-hooks';
import { dateTimeFormat } from '../../lib/intl';
import { useEvents } from './api';
import { eventPath } from './components/occurrence-card';
import { browserZone } from './zoned-time';

/** An event on the map: its next date's place, title and time, and its page. */
export interface EventPin {
  id: string;
  lat: number;
  lng: number;
  title: string;
  detail: string;
  to: string;
  linkLabel: string;
}

/** The upcoming events I may see that have a place on the map (one pin per event, at its next date). */
export function useEventPins(enabled: boolean): EventPin[] {
  const { t } = useTranslation();
  const locale = useLocale();
  const q = useEvents('all', null, enabled);
  return useMemo(() => {
    const fmt = dateTimeFormat(locale, { timeZone: browserZone(), dateStyle: 'medium', timeStyle: 'short' });
    const seen = new Set<string>();
    const pins: EventPin[] = [];
    for (const o of q.data?.pages.flatMap((p) => p.items) ?? []) {
      if (seen.has(o.event_id) || o.place.lat === undefined || o.place.lng === undefined) continue;
      seen.add(o.event_id);
      pins.push({
        id: o.event_id,
        lat: o.place.lat,
        lng: o.place.lng,
        title: o.title,
        detail: fmt.format(new Date(o.starts_at)),
        to: eventPath(o.event_id, o.occurrence),
        linkLabel: t('events.map.open'),
      });
    }
    return pins;
  }, [q.data, locale, t]);
}
