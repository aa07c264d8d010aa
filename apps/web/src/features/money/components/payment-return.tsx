import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyKeys, usePayment } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';

/**
 * Back from the provider's checkout (?payment=id): the tokens come only with the provider's
 * confirmation, so the page says so and asks again until the payment is settled, then refreshes
 * the balance and the history. `onSucceeded` runs once the tokens are in (back to a waiting donation).
 */
export function PaymentReturn({ paymentId, onSucceeded }: { paymentId: string; onSucceeded?: () => void }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const client = useQueryClient();
  const q = usePayment(paymentId);
  const status = q.data?.status;
  const succeeded = useRef(onSucceeded);
  succeeded.current = onSucceeded;
  useEffect(() => {
    if (!status || status === 'pending') return;
    void client.invalidateQueries({ queryKey: moneyKeys.wallet });
    if (status === 'succeeded') succeeded.current?.();
  }, [status, client]);
  if (!q.data) return null;
  const amount = f.tokens(q.data.tokens);
  switch (q.data.status) {
    case 'pending':
      return (
        <Alert
          severity="info"
          icon={<CircularProgress size={20} aria-hidden />}
          data-testid="payment-status"
          data-status="pending"
          role="status"
        >
          {t('money.pending.waiting', { amount })}
        </Alert>
      );
    case 'succeeded':
      return (
        <Alert severity="success" data-testid="payment-status" data-status="succeeded" role="status">
          {t('money.pending.succeeded', { amount })}
        </Alert>
      );
    case 'declined':
    case 'expired':
    case 'cancelled':
      return (
        <Alert severity="warning" data-testid="payment-status" data-status={q.data.status} role="status">
          {t(`money.pending.${q.data.status}`)}
        </Alert>
      );
  }
}
