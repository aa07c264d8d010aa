import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MONEY_LIMITS } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useMoneyFormat } from '../../../lib/money-format';
import {
  bindDonationToPayment,
  donationFor,
  donationReturnPath,
  forgetDonation,
  unpaidDonation,
  type PendingDonation,
} from '../pending-donation';
import { PaymentReturn } from './payment-return';

/** A purchase amount from the address (?buy=), when it is one the purchase accepts. */
export function purchaseAmountFrom(value: string | null): number | null {
  const n = value && /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  return n >= MONEY_LIMITS.purchaseMin && n <= MONEY_LIMITS.purchaseMax ? n : null;
}

/**
 * The wallet page opened from a donation that lacked tokens (?buy=N): the purchase starts at N, the
 * page says where paying leads, and the purchase, once started, is tied to the donation.
 */
export function useBuyForDonation(buy: string | null) {
  const initialTokens = purchaseAmountFrom(buy);
  // Read once: binding the purchase below changes what is stored.
  const [waiting] = useState(() => (initialTokens ? unpaidDonation() : null));
  return { initialTokens, waiting, onStarted: waiting ? bindDonationToPayment : undefined };
}

/** "After paying, you come back to your donation of N tokens", with the way back at once. */
export function DonationWaiting({ pending }: { pending: PendingDonation }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  return (
    <Alert severity="info" data-testid="donation-waiting">
      {t('money.return.waiting', { amount: f.tokens(pending.amount) })}
      {/* Under the sentence rather than beside it: on a phone a side action squeezes both into narrow columns. */}
      <Button
        component={RouterLocaleLink}
        to={donationReturnPath(pending)}
        color="inherit"
        variant="outlined"
        size="small"
        sx={{ display: 'flex', width: 'fit-content', mt: 1 }}
      >
        {t('money.return.back')}
      </Button>
    </Alert>
  );
}

/**
 * Back from the checkout: the purchase's status, and when it was started for a donation, back to that
 * donation with its amount once the tokens are in (a declined or cancelled payment offers the way back).
 */
export function PaymentReturnToDonation({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [pending] = useState(() => donationFor(paymentId));
  const back = pending
    ? () => {
        forgetDonation();
        navigate(donationReturnPath(pending, paymentId), { replace: true });
      }
    : undefined;
  return (
    <>
      <PaymentReturn paymentId={paymentId} onSucceeded={back} />
      {pending && (
        <Button
          component={RouterLocaleLink}
          to={donationReturnPath(pending)}
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          data-testid="back-to-donation"
        >
          {t('money.return.back')}
        </Button>
      )}
    </>
  );
}
