import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { CalendarSubscribe } from '../features/events/components/calendar-subscribe';
import { EventsBrowser } from '../features/events/components/events-browser';

/** /events: upcoming events of my tribes and public ones, near me, mine; my calendar feed. */
export default function EventsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('events.browse.title')} action={<CalendarSubscribe />}>
      <EventsBrowser />
    </PageFrame>
  );
}
