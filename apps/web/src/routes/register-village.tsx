import { ComingSoon } from '../components/coming-soon';

/** Page of registering a village: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function RegisterVillagePage() {
  return <ComingSoon titleKey="pages.registerVillage" />;
}
