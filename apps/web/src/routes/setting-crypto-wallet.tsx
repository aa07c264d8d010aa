import { SettingsFrame } from '../features/account/components/settings-frame';
import { CryptoWallets } from '../features/money/components/crypto-wallets';

/** /setting/crypto_wallet: link a browser wallet by signing in with Ethereum, list and unlink. */
export default function CryptoWalletPage() {
  return (
    <SettingsFrame titleKey="pages.cryptoWallet">
      <CryptoWallets />
    </SettingsFrame>
  );
}
