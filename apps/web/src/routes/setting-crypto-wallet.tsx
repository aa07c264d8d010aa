import { ComingSoon } from '../components/coming-soon';
import { SettingsFrame } from '../features/account/components/settings-frame';

/** A settings page whose feature comes with a later issue. */
export default function CryptoWalletPage() {
  return (
    <SettingsFrame titleKey="pages.cryptoWallet">
      <ComingSoon titleKey="pages.cryptoWallet" embedded />
    </SettingsFrame>
  );
}
