import { ComingSoon } from '../components/coming-soon';

/** Page of public posts, tribes and people: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function ExplorePage() {
  return <ComingSoon titleKey="pages.explore" />;
}
