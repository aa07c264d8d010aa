import { MONEY_LIMITS } from '@tribes/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, refineResolver, schemaResolver } from '../../lib/form-resolver';
import { useStartPurchase } from './api';
import { useMoneyFormat } from '../../lib/money-format';
import { useIdempotencyKey } from './idempotency';

interface BuyFields {
  tokens: number | null;
}

/** The body of POST /v1/wallet/purchases once the amount is right. */
interface PurchaseBody {
  tokens: number;
}

const purchaseParser = lazyParser((s) => s.PurchaseBodySchema);

/**
 * Buying tokens on react-hook-form with the shared purchase schema: an amount in range, the buyer's
 * confirmation, then one POST with its Idempotency-Key and the provider's checkout.
 */
export function useBuyTokensForm(initialTokens: number | null = null, onStarted?: (paymentId: string) => void) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const navigate = useLocaleNavigate();
  const purchase = useStartPurchase();
  const idem = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  const rangeText = t('money.buy.range', { min: f.tokens(MONEY_LIMITS.purchaseMin), max: f.tokens(MONEY_LIMITS.purchaseMax) });

  const form = useForm<BuyFields, unknown, PurchaseBody>({
    // Opened for a donation that lacked tokens: the pack that covers it.
    defaultValues: { tokens: initialTokens ?? 1000 },
    // Whatever is wrong with the amount (empty, too few, too many), the screen says the range.
    resolver: refineResolver(schemaResolver<BuyFields, PurchaseBody>(purchaseParser, f.locale), (_values, errors) =>
      errors.tokens ? { tokens: { type: 'range', message: rangeText } } : errors,
    ),
  });
  const tokens = useWatch({ control: form.control, name: 'tokens' });

  /** Checks the amount; opens the confirmation when it is right. */
  const handleBuy = form.handleSubmit(() => setConfirming(true));

  /** The buyer confirmed: one purchase (its key kept for retries of the same amount). */
  const handleConfirm = () => {
    const amount = form.getValues('tokens');
    if (amount === null) return;
    purchase.mutate(
      { tokens: amount, key: idem.keyFor({ tokens: amount }), onFieldErrors: fieldErrorsTo(form.setError, ['tokens']) },
      {
        onSuccess: (answer) => {
          idem.settle();
          setConfirming(false);
          onStarted?.(answer.payment_id);
          // The sandbox answers an app path; a real provider answers its own https page.
          if (answer.checkout_url.startsWith('/')) navigate(answer.checkout_url);
          else window.location.assign(answer.checkout_url);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return {
    tokens,
    setTokens: (v: number | null) => {
      form.setValue('tokens', v);
      form.clearErrors('tokens');
    },
    error: form.formState.errors.tokens?.message ?? null,
    rangeText,
    confirming,
    closeConfirm: () => setConfirming(false),
    handleBuy,
    handleConfirm,
    pending: purchase.isPending,
  };
}
