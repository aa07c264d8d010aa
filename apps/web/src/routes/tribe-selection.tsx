import { ComingSoon } from '../components/coming-soon';

/** Page of choosing a tribe: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeSelectionPage() {
  return <ComingSoon titleKey="pages.tribeSelection" />;
}
