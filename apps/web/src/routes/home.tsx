import { ComingSoon } from '../components/coming-soon';

/** Page of the feed of the tribe: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function HomePage() {
  return <ComingSoon titleKey="pages.home" />;
}
