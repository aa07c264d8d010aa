import { ComingSoon } from '../components/coming-soon';

/** Page of one tribe: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribeDetailPage() {
  return <ComingSoon titleKey="pages.tribeDetail" />;
}
