import { SettingsFrame } from '../features/account/components/settings-frame';
import { TwoFactorSettings } from '../features/twofactor/two-factor-settings';

/** /setting/two-factor: turn TOTP two-factor authentication on (with recovery codes) or off. */
export default function TwoFactorSettingPage() {
  return (
    <SettingsFrame titleKey="twoFactor.title">
      <TwoFactorSettings />
    </SettingsFrame>
  );
}
