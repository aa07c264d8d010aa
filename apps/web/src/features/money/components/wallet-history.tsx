import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SouthWestIcon from '@mui/icons-material/SouthWest';
import NorthEastIcon from '@mui/icons-material/NorthEast';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WalletTransaction } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useTransactions, type HistoryFilter } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';
import { downloadReceipt, downloadStatement } from '../receipt-download';

const FILTERS: HistoryFilter[] = ['all', 'in', 'out', 'purchase', 'donation'];

function Row({ tx }: { tx: WalletTransaction }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const incoming = tx.direction === 'in';
  const what =
    tx.kind === 'purchase'
      ? t('money.history.purchase')
      : tx.counterparty.type === 'campaign' || tx.counterparty.type === 'tribe'
        ? t(incoming ? 'money.history.from' : 'money.history.to', { name: tx.counterparty.name })
        : t('money.history.other');
  const sign = incoming ? '+' : '−';
  return (
    <ListItem divider data-testid="wallet-transaction" data-kind={tx.kind} data-direction={tx.direction}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        {incoming ? <SouthWestIcon color="success" aria-hidden /> : <NorthEastIcon color="action" aria-hidden />}
      </ListItemIcon>
      <ListItemText
        primary={<span dir="auto">{what}</span>}
        secondary={`${t(`money.history.kind.${tx.kind === 'purchase' ? 'purchase' : tx.kind === 'donation' ? 'donation' : 'other'}`)} · ${f.dateTime(tx.created_at)}`}
        sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
      />
      <Stack alignItems="flex-end" sx={{ ml: 2 }}>
        <Typography
          sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: incoming ? 'success.main' : 'text.primary' }}
          aria-label={t(incoming ? 'money.history.received' : 'money.history.sent', { amount: f.tokens(tx.amount) })}
        >
          <bdi>{`${sign}${f.tokens(tx.amount)}`}</bdi>
        </Typography>
        {tx.kind === 'donation' && tx.donation_id && (
          <Button
            size="small"
            onClick={() => void downloadReceipt(tx.donation_id!)}
            aria-label={t('money.history.receiptFor', { amount: f.tokens(tx.amount), name: tx.counterparty.name })}
            data-testid="donation-receipt"
          >
            {t('money.history.receipt')}
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}

/** My wallet's movements with a filter (all, in, out, purchases, donations) and a "show more" pager. */
export function WalletHistory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const q = useTransactions(filter);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2} component="section" aria-labelledby="wallet-history-title">
      <Stack direction="row" spacing={2} useFlexGap alignItems="center" justifyContent="space-between" sx={{ flexWrap: 'wrap' }}>
        <Typography id="wallet-history-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('money.history.title')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<ReceiptLongOutlinedIcon />}
          onClick={() => void downloadStatement(new Date().getFullYear())}
          data-testid="donation-statement"
        >
          {t('money.history.statement', { year: new Date().getFullYear() })}
        </Button>
        <TextField
          select
          size="small"
          label={t('money.history.filterLabel')}
          value={filter}
          onChange={(e) => setFilter(e.target.value as HistoryFilter)}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'history-filter' } as object } }}
        >
          {FILTERS.map((x) => (
            <MenuItem key={x} value={x}>
              {t(`money.history.filters.${x}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {q.isPending ? (
        <ListSkeleton rows={3} height={64} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={ReceiptLongOutlinedIcon}
          title={t(filter === 'all' ? 'money.history.empty' : 'money.history.emptyFiltered')}
          body={filter === 'all' ? t('money.history.emptyBody') : undefined}
          headingLevel="h3"
        />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('money.history.title')} disablePadding>
            {items.map((tx) => (
              <Row key={tx.id} tx={tx} />
            ))}
          </List>
        </Paper>
      )}
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </Stack>
  );
}
