import { ComingSoon } from '../components/coming-soon';

/** Page of the list of tribes: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function TribesPage() {
  return <ComingSoon titleKey="pages.tribes" />;
}
