import { ComingSoon } from '../components/coming-soon';

/** Page of donations: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function DonatePage() {
  return <ComingSoon titleKey="pages.donate" />;
}
