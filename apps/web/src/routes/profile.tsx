import { ComingSoon } from '../components/coming-soon';

/** Page of the signed-in user profile: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function ProfilePage() {
  return <ComingSoon titleKey="pages.profile" />;
}
