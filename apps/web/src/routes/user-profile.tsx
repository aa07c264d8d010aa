import { ComingSoon } from '../components/coming-soon';

/** Page of another person profile: its feature comes with a later issue; until then the layout, heading and a notice. */
export default function UserProfilePage() {
  return <ComingSoon titleKey="pages.userProfile" />;
}
