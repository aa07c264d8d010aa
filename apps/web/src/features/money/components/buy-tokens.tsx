import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MONEY_LIMITS } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { NumberInput } from '../../../components/inputs/number-input';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePublicConfig, useStartPurchase } from '../api';
import { useMoneyFormat } from '../format';
import { useIdempotencyKey } from '../idempotency';

const PRESETS = [500, 1000, 5000];

/** Buying tokens: an amount, a confirmation, then the provider's checkout (the sandbox page, or Stripe). */
export function BuyTokens() {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const navigate = useLocaleNavigate();
  const [tokens, setTokens] = useState<number | null>(1000);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const purchase = useStartPurchase();
  const prices = usePublicConfig().data?.payments;
  const idem = useIdempotencyKey();
  const valid = tokens !== null && tokens >= MONEY_LIMITS.purchaseMin && tokens <= MONEY_LIMITS.purchaseMax;

  const handleBuy = () => {
    if (!valid) {
      setError(t('money.buy.range', { min: f.tokens(MONEY_LIMITS.purchaseMin), max: f.tokens(MONEY_LIMITS.purchaseMax) }));
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const handleConfirm = () => {
    if (tokens === null) return;
    const key = idem.keyFor({ tokens });
    purchase.mutate(
      {
        tokens,
        key,
        onFieldErrors: (errors) => {
          const message = errors.tokens?.join(' ');
          if (message) setError(message);
          return Boolean(message);
        },
      },
      {
        onSuccess: (answer) => {
          idem.settle();
          setConfirming(false);
          // The sandbox answers an app path; a real provider answers its own https page.
          if (answer.checkout_url.startsWith('/')) navigate(answer.checkout_url);
          else window.location.assign(answer.checkout_url);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="buy-tokens-title">
      <Stack spacing={2}>
        <Typography id="buy-tokens-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('money.buy.title')}
        </Typography>
        <Typography color="text.secondary">{t('money.buy.intro')}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {PRESETS.map((n) => (
            <Button
              key={n}
              variant={tokens === n ? 'contained' : 'outlined'}
              size="small"
              onClick={() => setTokens(n)}
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
          onChange={(v) => {
            setTokens(v);
            setError(null);
          }}
          min={0}
          max={MONEY_LIMITS.purchaseMax}
          allowDecimal={false}
          error={Boolean(error)}
          helperText={
            error ?? t('money.buy.range', { min: f.tokens(MONEY_LIMITS.purchaseMin), max: f.tokens(MONEY_LIMITS.purchaseMax) })
          }
        />
        <Button
          variant="contained"
          startIcon={<ShoppingCartOutlinedIcon />}
          onClick={handleBuy}
          disabled={purchase.isPending}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="buy-tokens"
        >
          {purchase.isPending ? t('money.buy.redirecting') : t('money.buy.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
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
        onConfirm={handleConfirm}
        onClose={() => setConfirming(false)}
        pending={purchase.isPending}
        destructive={false}
      />
    </Paper>
  );
}
