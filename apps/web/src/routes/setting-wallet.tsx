import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useWallet } from '../features/money/api';
import { BuyTokens } from '../features/money/components/buy-tokens';
import { DonationWaiting, PaymentReturnToDonation, useBuyForDonation } from '../features/money/components/donation-return';
import { WalletBalance } from '../features/money/components/wallet-balance';
import { WalletHistory } from '../features/money/components/wallet-history';
import { MyPledges } from '../features/treasury/components/my-pledges';
import { OfflineUnavailable } from '../components/offline-unavailable';
import { isNoConnection, useOnline } from '../lib/online-status';

/**
 * /setting/wallet: balance, buying tokens through the provider's checkout, monthly gifts, and the history.
 * From a donation that lacked tokens (?buy=N) the purchase starts at N and paying leads back to it.
 */
export default function WalletPage() {
  const wallet = useWallet();
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  const forDonation = useBuyForDonation(params.get('buy'));
  const online = useOnline();
  // The wallet is never kept on the device: offline, said so instead of skeletons and a live "buy" button.
  if (!wallet.data && (!online || isNoConnection(wallet.error)))
    return (
      <SettingsFrame titleKey="pages.wallet">
        <OfflineUnavailable kind="money" />
      </SettingsFrame>
    );
  return (
    <SettingsFrame titleKey="pages.wallet">
      <Stack spacing={3}>
        {paymentId && <PaymentReturnToDonation paymentId={paymentId} />}
        {forDonation.waiting && <DonationWaiting pending={forDonation.waiting} />}
        <WalletBalance wallet={wallet.data} />
        <BuyTokens initialTokens={forDonation.initialTokens} onStarted={forDonation.onStarted} />
        <MyPledges />
        <WalletHistory />
      </Stack>
    </SettingsFrame>
  );
}
