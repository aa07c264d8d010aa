import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RouterLocaleLink } from '../../../components/locale-link';
import { EmptyState } from '../../../components/empty-state';
import { useCompleteSandbox, usePayment } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';

/** The sandbox provider's checkout: the amount, then Confirm or Decline; back to the wallet either way. */
export function SandboxCheckout({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const navigate = useLocaleNavigate();
  const payment = usePayment(paymentId);
  const complete = useCompleteSandbox(paymentId);
  if (payment.isPending) return <PageSkeleton rows={2} />;
  const back = `/setting/wallet?payment=${encodeURIComponent(paymentId)}`;
  if (!payment.data)
    return (
      <EmptyState
        icon={SearchOffOutlinedIcon}
        title={t('money.checkout.notFound')}
        action={
          <Button component={RouterLocaleLink} to="/setting/wallet" variant="contained">
            {t('money.checkout.back')}
          </Button>
        }
      />
    );
  const p = payment.data;
  const handle = (outcome: 'succeeded' | 'declined') =>
    complete.mutate(outcome, { onSettled: () => navigate(back, { replace: true }) });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }} data-testid="sandbox-checkout">
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <CreditCardOutlinedIcon color="primary" aria-hidden />
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {t('money.checkout.summary')}
          </Typography>
        </Stack>
        <Alert severity="info">{t('money.checkout.intro')}</Alert>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Stack direction="row" justifyContent="space-between">
            <Typography component="dt">{t('money.checkout.tokens')}</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="checkout-tokens">
              {f.tokens(p.tokens)}
            </Typography>
          </Stack>
          <Stack direction="row" justifyContent="space-between" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
            <Typography component="dt">{t('money.checkout.total')}</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {f.usdCents(p.amount_cents)}
            </Typography>
          </Stack>
        </Stack>
        {p.status !== 'pending' ? (
          <>
            <Alert severity="warning">{t('money.checkout.settled')}</Alert>
            <Button component={RouterLocaleLink} to={back} variant="contained" sx={{ alignSelf: 'flex-start' }}>
              {t('money.checkout.back')}
            </Button>
          </>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              onClick={() => handle('succeeded')}
              disabled={complete.isPending}
              data-testid="checkout-confirm"
            >
              {complete.isPending ? t('common.working') : t('money.checkout.confirm')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => handle('declined')}
              disabled={complete.isPending}
              data-testid="checkout-decline"
            >
              {t('money.checkout.decline')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
