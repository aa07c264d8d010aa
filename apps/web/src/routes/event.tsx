import Box from '@mui/material/Box';
import { useParams, useSearchParams } from 'react-router';
import { EventView } from '../features/events/components/event-view';
import { eventViewSlots } from './event-places';

/** /events/{id}: an event (at ?occurrence= for one date of a repeating event). */
export default function EventPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <EventView key={id} id={id ?? ''} occurrence={params.get('occurrence')} slots={eventViewSlots} />
    </Box>
  );
}
