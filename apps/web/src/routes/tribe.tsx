import { ComingSoon } from '../components/coming-soon';

/** Page of the user primary tribe: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribePage() {
  return <ComingSoon titleKey="pages.tribe" />;
}
