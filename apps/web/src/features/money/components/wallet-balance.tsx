import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Wallet } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../format';

/** The balance, big, with the purchases still waiting for the provider under it. */
export function WalletBalance({ wallet }: { wallet: Wallet | undefined }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} aria-labelledby="wallet-balance-title">
      <Stack direction="row" spacing={2} alignItems="center">
        <AccountBalanceWalletOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Stack sx={{ minWidth: 0 }}>
          <Typography id="wallet-balance-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }} color="text.secondary">
            {t('money.wallet.balance')}
          </Typography>
          {wallet ? (
            <Typography sx={{ fontSize: '2rem', fontWeight: 700 }} data-testid="wallet-balance" data-value={wallet.balance}>
              {t('money.common.tokens', { amount: f.tokens(wallet.balance) })}
            </Typography>
          ) : (
            <Skeleton variant="text" sx={{ fontSize: '2rem', width: 160 }} />
          )}
        </Stack>
      </Stack>
      {wallet && wallet.pending_purchases.length > 0 && (
        <Stack spacing={0.5} sx={{ mt: 2 }} data-testid="pending-purchases">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('money.wallet.pendingTitle')}
          </Typography>
          {wallet.pending_purchases.map((p) => (
            <Typography key={p.payment_id} variant="body2" color="text.secondary">
              {t('money.wallet.pendingItem', { amount: f.tokens(p.tokens), date: f.dateTime(p.created_at) })}
            </Typography>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
