import { ComingSoon } from '../components/coming-soon';
import { SettingsFrame } from '../features/account/components/settings-frame';

/** A settings page whose feature comes with a later issue. */
export default function PrivacySettingPage() {
  return (
    <SettingsFrame titleKey="pages.privacySetting">
      <ComingSoon titleKey="pages.privacySetting" embedded />
    </SettingsFrame>
  );
}
