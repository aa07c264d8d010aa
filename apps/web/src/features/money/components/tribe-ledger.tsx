import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LedgerEntry, Tribe } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { ledgerCsvUrl, useTribeLedger } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';
import { LocalMoney } from '../../../components/local-money';

/** A paid expense as the ledger lists it. */
export type LedgerExpense = NonNullable<LedgerEntry['expense']>;

function Entry({
  entry,
  action,
  receipts,
}: {
  entry: LedgerEntry;
  action?: ReactNode;
  /** How the expense's receipts open (the treasury's signed links); else their count. */
  receipts?: (expense: LedgerExpense) => ReactNode;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const incoming = entry.direction === 'in';
  const who =
    entry.expense?.payee ??
    entry.donor?.name ??
    (entry.kind === 'donation' ? t('money.detail.anonymous') : t('money.ledger.system'));
  return (
    <ListItem divider data-testid="ledger-entry">
      <ListItemText
        primary={
          <span dir="auto">
            {t(incoming ? 'money.ledger.inLine' : 'money.ledger.outLine', { who, account: entry.account.name })}
          </span>
        }
        secondary={
          <>
            {entry.expense && (
              <>
                <Typography
                  component="span"
                  variant="body2"
                  dir="auto"
                  sx={{ display: 'block', overflowWrap: 'anywhere' }}
                  data-testid="ledger-expense"
                >
                  {t('money.ledger.expenseLine', {
                    title: entry.expense.title,
                    // A moderator's or the requester's own approval says so (decision 023).
                    approvers:
                      entry.expense.approvers
                        .map((a) => (a.as === 'leader' ? a.name : t(`treasury.approvedAs.${a.as}`, { name: a.name })))
                        .join(', ') || '—',
                  })}
                </Typography>
                {receipts ? (
                  receipts(entry.expense)
                ) : (
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                    {t('money.ledger.receipts', { count: entry.expense.receipts })}
                  </Typography>
                )}
              </>
            )}
            {entry.message && (
              <Typography component="span" variant="body2" dir="auto" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {entry.message}
              </Typography>
            )}
            {f.dateTime(entry.created_at)}
            {entry.refunded && entry.kind === 'donation' && (
              <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                {t('money.ledger.refunded')}
              </Typography>
            )}
          </>
        }
        sx={{ minWidth: 0 }}
      />
      <Stack alignItems="flex-end" sx={{ ml: 2 }}>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: incoming ? 'success.main' : 'text.primary' }}>
          <bdi>{`${incoming ? '+' : '−'}${f.tokens(entry.amount)}`}</bdi>
        </Typography>
        <LocalMoney tokens={entry.amount} sx={{ whiteSpace: 'nowrap' }} data-testid="ledger-local" />
        {action}
      </Stack>
    </ListItem>
  );
}

/**
 * Every movement into and out of the tribe's and its campaigns' accounts; anonymous donors stay
 * anonymous; each amount with its worth in the reader's money. `entryAction` adds a control beside an
 * entry (the treasury's refund, for leaders); `expenseReceipts` opens a paid expense's receipts.
 */
export function TribeLedger({
  tribe,
  entryAction,
  expenseReceipts,
}: {
  tribe: Tribe;
  entryAction?: (entry: LedgerEntry) => ReactNode;
  expenseReceipts?: (expense: LedgerExpense) => ReactNode;
}) {
  const { t } = useTranslation();
  const q = useTribeLedger(tribe.slug);
  const entries = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap alignItems="center" justifyContent="space-between" sx={{ flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {t('money.ledger.intro')}
        </Typography>
        <Button
          href={ledgerCsvUrl(tribe.slug)}
          download
          variant="outlined"
          startIcon={<DownloadOutlinedIcon />}
          data-testid="ledger-csv"
        >
          {t('money.ledger.csv')}
        </Button>
      </Stack>
      {q.isPending ? (
        <ListSkeleton rows={3} height={64} />
      ) : entries.length === 0 ? (
        <EmptyState icon={ReceiptLongOutlinedIcon} title={t('money.ledger.empty')} body={t('money.ledger.emptyBody')} />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('money.ledger.listLabel', { name: tribe.name })} disablePadding>
            {entries.map((e) => (
              <Entry key={e.id} entry={e} action={entryAction?.(e)} receipts={expenseReceipts} />
            ))}
          </List>
        </Paper>
      )}
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </Stack>
  );
}
