import { useParams } from 'react-router';
import { TribeGate } from '../features/tribes/components/tribe-gate';
import { TribeView } from './tribe-view';

/** /tribes/{id or slug}: about, members, villages; join or leave. */
export default function TribeDetailPage() {
  const { id } = useParams();
  return <TribeGate tribeRef={id}>{(tribe) => <TribeView tribe={tribe} />}</TribeGate>;
}
