import { ComingSoon } from '../components/coming-soon';
import { SettingsFrame } from '../features/account/components/settings-frame';

/** A settings page whose feature comes with a later issue. */
export default function WalletPage() {
  return (
    <SettingsFrame titleKey="pages.wallet">
      <ComingSoon titleKey="pages.wallet" embedded />
    </SettingsFrame>
  );
}
