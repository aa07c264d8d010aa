import { ComingSoon } from '../components/coming-soon';
import { SettingsFrame } from '../features/account/components/settings-frame';

/** A settings page whose feature comes with a later issue. */
export default function BlockedUsersPage() {
  return (
    <SettingsFrame titleKey="pages.blockedUsers">
      <ComingSoon titleKey="pages.blockedUsers" embedded />
    </SettingsFrame>
  );
}
