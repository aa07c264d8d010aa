import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SandboxCheckout } from '../features/money/components/sandbox-checkout';
import { PageFrame } from '../components/page-frame';

/** /checkout/sandbox/{payment_id}: the in-app checkout of the sandbox payment provider. */
export default function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <PageFrame title={t('money.checkout.title')}>
      <SandboxCheckout key={id} paymentId={id ?? ''} />
    </PageFrame>
  );
}
