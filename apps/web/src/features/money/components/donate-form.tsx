import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MONEY_LIMITS } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { splitLocalePrefix } from '../../../app/locale-routing';
import { NumberInput } from '../../../components/inputs/number-input';
import { TextField } from '../../../components/inputs/text-field';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useOnline } from '../../../lib/online-status';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMoneyFormat } from '../../../lib/money-format';
import { useDonateForm, type DonationTarget } from '../use-donate-form';
import { LocalMoney } from '../../../components/local-money';
import { PaymentReturn } from './payment-return';
import { rememberDonation } from '../pending-donation';
import { purchaseFor } from '../token-packs';

/** An amount from the address (?amount=, back from buying tokens), when it is a whole number the form accepts. */
function amountFrom(value: string | null): number | null {
  const n = value && /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  return n >= MONEY_LIMITS.donationMin && n <= MONEY_LIMITS.donationMax ? n : null;
}

/**
 * "You need N more tokens" under the amount, as soon as it is more than the wallet holds, with a way to
 * buy them: the purchase opens with the smallest pack that covers it, and paying comes back here
 * with the same amount (pending-donation.ts).
 */
function Shortfall({ shortfall, amount }: { shortfall: number | null; amount: number }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const { pathname, search } = useLocation();
  const buy = purchaseFor(shortfall ?? amount);
  const here = () => {
    // This page as it is (its target in the query), without what a previous return added.
    const params = new URLSearchParams(search);
    params.delete('amount');
    params.delete('payment');
    const query = params.toString();
    rememberDonation(`${splitLocalePrefix(pathname).path}${query ? `?${query}` : ''}`, amount);
  };
  return (
    <Alert
      severity="warning"
      data-testid="donate-shortfall"
      data-shortfall={shortfall ?? undefined}
      sx={{ alignItems: 'center', '& .MuiAlert-message': { minWidth: 0 } }}
    >
      {shortfall !== null && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('money.donate.shortfall', { count: shortfall, amount: f.tokens(shortfall) })}
        </Typography>
      )}
      <Button
        component={RouterLocaleLink}
        to={`/setting/wallet?buy=${buy}`}
        onClick={here}
        variant="outlined"
        color="inherit"
        size="small"
        data-testid="buy-tokens-link"
        data-tokens={buy}
      >
        {t('money.donate.buyPack', { count: buy, amount: f.tokens(buy) })}
      </Button>
    </Alert>
  );
}

/**
 * Giving from the wallet to a tribe or a campaign: amount, message, anonymous; a confirmation
 * before the tokens move. `chooser` (the target pickers of /donate) sits above the amount.
 */
export function DonateForm({
  target,
  chooser,
  after,
}: {
  target: DonationTarget | null;
  chooser?: (error: string | undefined) => ReactNode;
  /** Shown after a donation went through (e.g. a link back to the campaign). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const [params] = useSearchParams();
  // Back from buying tokens: the amount chosen before, and the purchase (its status shows above the form).
  const form = useDonateForm(target, amountFrom(params.get('amount')));
  const paymentId = params.get('payment');
  const e = form.errors;
  // Giving needs the server (the wallet is never kept on the device): offline, said so and the action off.
  const online = useOnline();

  if (form.done && target)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Alert severity="success" data-testid="donation-done" role="status">
            {t('money.donate.done', { amount: f.tokens(form.done.donation.amount), target: target.name })}
          </Alert>
          <Typography>{t('money.donate.newBalance', { balance: f.tokens(form.done.balance) })}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="outlined" onClick={form.reset} data-testid="donate-again">
              {t('money.donate.again')}
            </Button>
            {after}
          </Stack>
        </Stack>
      </Paper>
    );

  return (
    <>
      {paymentId && <PaymentReturn paymentId={paymentId} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit} aria-label={t('money.donate.formLabel')}>
          {chooser?.(e.target)}
          {!chooser && e.target && (
            <Alert severity="error" data-testid="target-error">
              {e.target}
            </Alert>
          )}
          {!online && (
            <Alert severity="warning" data-testid="donate-offline">
              {t('offline.donate')}
            </Alert>
          )}
          {(online || form.balance !== undefined) && (
            <Typography color="text.secondary" data-testid="donate-balance">
              {form.balance === undefined
                ? t('common.loadingList')
                : t('money.donate.balance', { balance: f.tokens(form.balance) })}
            </Typography>
          )}
          <Stack spacing={0.5}>
            <NumberInput
              id="donate-amount"
              label={t('money.donate.amount')}
              value={form.amount}
              onChange={form.setAmount}
              min={0}
              max={MONEY_LIMITS.donationMax}
              allowDecimal={false}
              required
              error={Boolean(e.amount)}
              helperText={e.amount ?? t('money.donate.amountHelp')}
            />
            {/* What the chosen tokens are worth in the reader's money, as it is typed. */}
            {form.amount ? (
              <LocalMoney tokens={form.amount} aria-live="polite" sx={{ mx: 1.75 }} data-testid="donate-local" />
            ) : null}
            {(form.shortfall !== null || e.insufficient) && form.amount !== null && (
              <Shortfall shortfall={form.shortfall} amount={form.amount} />
            )}
          </Stack>
          <TextField
            id="donate-message"
            label={t('money.donate.message')}
            value={form.message}
            onChange={(ev) => form.setMessage(ev.target.value)}
            multiline
            minRows={2}
            error={Boolean(e.message)}
            helperText={e.message ?? t('money.donate.messageHelp', { max: f.tokens(MONEY_LIMITS.messageMax) })}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={form.anonymous}
                onChange={(ev) => form.setAnonymous(ev.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'donate-anonymous-help' } }}
              />
            }
            label={t('money.donate.anonymous')}
          />
          <Typography id="donate-anonymous-help" variant="body2" color="text.secondary" sx={{ mt: '-12px !important' }}>
            {t('money.donate.anonymousHelp')}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            startIcon={<VolunteerActivismOutlinedIcon />}
            disabled={form.pending || !online}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="donate-submit"
          >
            {t('money.donate.submit')}
          </Button>
        </Stack>
        <ConfirmDialog
          open={form.confirming}
          title={t('money.donate.confirmTitle')}
          body={
            <>
              {t('money.donate.confirmBody', { amount: f.tokens(form.amount ?? 0), target: target?.name ?? '' })}
              {form.anonymous && (
                <>
                  <br />
                  {t('money.donate.confirmAnonymous')}
                </>
              )}
            </>
          }
          confirmLabel={t('money.donate.confirm')}
          onConfirm={form.handleConfirm}
          onClose={form.closeConfirm}
          pending={form.pending}
          destructive={false}
        />
      </Paper>
    </>
  );
}
