import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TribeLedger } from '../features/money/components/tribe-ledger';
import { PageFrame } from '../components/page-frame';
import { TribeGate } from '../features/tribes/components/tribe-gate';
import { LedgerReceipts } from '../features/treasury/components/ledger-receipts';
import { RefundAction } from '../features/treasury/components/refund-action';

/**
 * /tribes/ledger/{tribe id or slug}: the tribe's public ledger, open to anyone with the link (signed in or not),
 * with its CSV download, the paid expenses' receipts (signed links), and refunds for its leaders.
 */
export default function TribeLedgerPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <TribeGate tribeRef={id}>
      {(tribe) => (
        <PageFrame title={t('money.ledger.title', { name: tribe.name })} wide>
          <TribeLedger
            tribe={tribe}
            entryAction={(entry) => <RefundAction tribe={tribe} entry={entry} />}
            expenseReceipts={(expense) => <LedgerReceipts expenseId={expense.id} count={expense.receipts} />}
          />
        </PageFrame>
      )}
    </TribeGate>
  );
}
