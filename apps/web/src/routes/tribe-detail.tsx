import { useParams } from 'react-router';
import { TribeGate } from '../features/tribes/components/tribe-gate';
import { TribeView } from '../features/tribes/components/tribe-view';
import { preloadTribesMap } from '../features/tribes/components/lazy-map';

// The About tab, open by default, shows the tribe's map: its code loads with this page's, not after the
// tribe arrives. Here, in the page's own chunk: in TribeView (a chunk shared with other pages) it made
// every page, the sign-in page too, download and run Leaflet.
preloadTribesMap().catch(() => undefined);

/** /tribes/{id or slug}: about, members, villages; join or leave. */
export default function TribeDetailPage() {
  const { id } = useParams();
  return <TribeGate tribeRef={id}>{(tribe) => <TribeView tribe={tribe} />}</TribeGate>;
}
