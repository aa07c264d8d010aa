import { ComingSoon } from '../components/coming-soon';

/** Page of the map of tribes: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function MapPage() {
  return <ComingSoon titleKey="pages.map" />;
}
