import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MONEY_LIMITS } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/inputs/number-input';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePublicConfig } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';
import { useBuyTokensForm } from '../use-buy-tokens-form';
import { TOKEN_PACKS } from '../token-packs';
import { LocalMoney } from '../../../components/local-money';

/**
 * Buying tokens: an amount, a confirmation, then the provider's checkout (the sandbox page, or Stripe).
 * A site without a payment provider (GET /v1/config says `none`) sells none: a plain sentence instead.
 */
export function BuyTokens({
  initialTokens = null,
  onStarted,
}: {
  /** The amount to start from (the pack covering a donation's shortfall). */
  initialTokens?: number | null;
  /** Told the purchase's id once the checkout opens. */
  onStarted?: (paymentId: string) => void;
} = {}) {
  const { t } = useTranslation();
  const prices = usePublicConfig().data?.payments;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="buy-tokens-title">
      <Stack spacing={2}>
        <Typography id="buy-tokens-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('money.buy.title')}
        </Typography>
        {prices?.provider === 'none' ? (
          <Typography data-testid="buy-tokens-unavailable">{t('money.buy.unavailable')}</Typography>
        ) : (
          <BuyTokensForm prices={prices} initialTokens={initialTokens} onStarted={onStarted} />
        )}
      </Stack>
    </Paper>
  );
}

/** The amount, the buy button and its confirmation (with the price once GET /v1/config has answered). */
function BuyTokensForm({
  prices,
  initialTokens,
  onStarted,
}: {
  prices: { token_price_cents: number; currency: string } | undefined;
  initialTokens: number | null;
  onStarted?: (paymentId: string) => void;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const form = useBuyTokensForm(initialTokens, onStarted);
  const { tokens, error } = form;

  return (
    <>
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('money.buy.intro')}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {TOKEN_PACKS.map((n) => (
            <Button
              key={n}
              variant={tokens === n ? 'contained' : 'outlined'}
              size="small"
              onClick={() => form.setTokens(n)}
              aria-pressed={tokens === n}
            >
              {f.tokens(n)}
            </Button>
          ))}
        </Stack>
        <NumberInput
          id="buy-tokens-amount"
          label={t('money.buy.tokensLabel')}
          value={tokens}
          onChange={form.setTokens}
          min={0}
          max={MONEY_LIMITS.purchaseMax}
          allowDecimal={false}
          error={Boolean(error)}
          helperText={error ?? form.rangeText}
        />
        {tokens ? <LocalMoney tokens={tokens} aria-live="polite" data-testid="buy-local" /> : null}
        <Button
          variant="contained"
          startIcon={<ShoppingCartOutlinedIcon />}
          onClick={() => void form.handleBuy()}
          disabled={form.pending}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="buy-tokens"
        >
          {form.pending ? t('money.buy.redirecting') : t('money.buy.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={form.confirming}
        title={t('money.buy.confirmTitle')}
        body={
          prices
            ? t('money.buy.confirmPrice', {
                amount: f.tokens(tokens ?? 0),
                price: f.price((tokens ?? 0) * prices.token_price_cents, prices.currency),
              })
            : t('money.buy.confirmBody', { amount: f.tokens(tokens ?? 0) })
        }
        confirmLabel={t('money.buy.confirm')}
        onConfirm={form.handleConfirm}
        onClose={form.closeConfirm}
        pending={form.pending}
        destructive={false}
      />
    </>
  );
}
