import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Wallet } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCancelPurchase, useResumePurchase } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';
import { LocalMoney } from '../../../components/local-money';

type Pending = Wallet['pending_purchases'][number];

/** The balance, big, with the purchases still waiting for the provider under it: each resumed or cancelled (after a confirmation). */
export function WalletBalance({ wallet }: { wallet: Wallet | undefined }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const resume = useResumePurchase();
  const cancel = useCancelPurchase();
  const [cancelling, setCancelling] = useState<Pending | null>(null);
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
          {wallet && <LocalMoney tokens={wallet.balance} />}
        </Stack>
      </Stack>
      {wallet && wallet.pending_purchases.length > 0 && (
        <Stack spacing={0.5} sx={{ mt: 2 }} data-testid="pending-purchases">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('money.wallet.pendingTitle')}
          </Typography>
          {wallet.pending_purchases.map((p) => (
            <Stack
              key={p.payment_id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              useFlexGap
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              data-testid="pending-purchase"
            >
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('money.wallet.pendingItem', { amount: f.tokens(p.tokens), date: f.dateTime(p.created_at) })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {`${f.price(p.amount_cents, 'USD')} · ${t('money.resume.expiresAt', { date: f.dateTime(p.expires_at) })}`}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => resume.mutate(p.payment_id)}
                  disabled={resume.isPending}
                  data-testid="resume-purchase"
                >
                  {t('money.resume.resume')}
                </Button>
                <Button size="small" color="error" onClick={() => setCancelling(p)} data-testid="cancel-purchase">
                  {t('money.resume.cancel')}
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('money.resume.cancelTitle')}
        body={t('money.resume.cancelBody', { amount: f.tokens(cancelling?.tokens ?? 0) })}
        confirmLabel={t('money.resume.cancelConfirm')}
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.payment_id, { onSettled: () => setCancelling(null) })}
        onClose={() => setCancelling(null)}
      />
    </Paper>
  );
}
