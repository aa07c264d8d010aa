import AddIcon from '@mui/icons-material/Add';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ExpenseStatus, Tribe } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useSession } from '../../../lib/session/session-store';
import { LocalMoney } from '../../../components/local-money';
import { useMoneyFormat } from '../../../lib/money-format';
import { useExpenses, useTreasury } from '../api';
import { useExpenseActDialog } from '../use-expense-act';
import { ExpenseActDialog } from './expense-act-dialog';
import { ExpenseCard } from './expense-card';
import { ProposeExpenseDialog } from './propose-expense-dialog';

type Filter = ExpenseStatus | 'all';
const FILTERS: Filter[] = ['all', 'proposed', 'approved', 'paid', 'rejected'];
const h2 = { fontSize: '1.15rem', fontWeight: 700 } as const;

/**
 * A tribe's Treasury tab: its funds (own account and campaigns, in tokens and local money), the
 * expenses (members see them all, anyone else the paid ones), "Propose an expense" for members, and
 * approve / reject / pay for leaders; the public ledger one click away.
 */
export function TreasuryPanel({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const viewerId = useSession().userData?.id ?? null;
  const summary = useTreasury(tribe.slug);
  const [filter, setFilter] = useState<Filter>('all');
  const list = useExpenses(tribe.slug, filter);
  const [proposing, setProposing] = useState(false);
  const act = useExpenseActDialog();
  const s = summary.data;
  const expenses = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2.5}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Typography variant="h2" sx={h2}>
          {t('treasury.title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            component={RouterLocaleLink}
            to={`/tribes/ledger/${tribe.slug}`}
            variant="outlined"
            size="small"
            startIcon={<ReceiptLongOutlinedIcon />}
          >
            {t('money.ledger.link')}
          </Button>
          {s?.can_propose && (
            <Button
              variant="contained"
              size="small"
              startIcon={<AddIcon />}
              onClick={() => setProposing(true)}
              data-testid="propose-expense"
            >
              {t('treasury.propose.open')}
            </Button>
          )}
        </Stack>
      </Stack>

      {summary.isPending ? (
        <ListSkeleton rows={1} height={96} />
      ) : s ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} data-testid="treasury-funds">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 4 }} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <div>
              <Typography variant="body2" color="text.secondary">
                {t('treasury.funds.tribe')}
              </Typography>
              <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="treasury-balance">
                {t('money.common.tokens', { amount: f.tokens(s.balance) })}
              </Typography>
              <LocalMoney tokens={s.balance} />
            </div>
            {s.campaigns
              .filter((c) => c.balance > 0)
              .map((c) => (
                <div key={c.id}>
                  <Typography variant="body2" color="text.secondary" dir="auto">
                    {c.title}
                  </Typography>
                  <Typography sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
                    {t('money.common.tokens', { amount: f.tokens(c.balance) })}
                  </Typography>
                </div>
              ))}
            {s.can_propose && (
              <div>
                <Typography variant="body2" color="text.secondary">
                  {t('treasury.funds.open')}
                </Typography>
                <Typography sx={{ fontSize: '1.15rem', fontWeight: 700 }}>{f.tokens(s.open_expenses)}</Typography>
              </div>
            )}
          </Stack>
        </Paper>
      ) : null}

      {s?.can_propose && (
        <ToggleButtonGroup
          value={filter}
          exclusive
          size="small"
          onChange={(_e, v: Filter | null) => v && setFilter(v)}
          aria-label={t('treasury.filter.label')}
          sx={{ flexWrap: 'wrap' }}
        >
          {FILTERS.map((x) => (
            <ToggleButton key={x} value={x} data-testid={`expense-filter-${x}`}>
              {t(`treasury.filter.${x}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}

      {list.isPending ? (
        <ListSkeleton rows={2} height={140} />
      ) : expenses.length === 0 ? (
        <EmptyState
          icon={AccountBalanceOutlinedIcon}
          title={t('treasury.empty.title')}
          body={s?.can_propose ? t('treasury.empty.member') : t('treasury.empty.public')}
          headingLevel="h3"
        />
      ) : (
        <Stack spacing={1.5}>
          {expenses.map((e) => (
            <ExpenseCard
              key={e.id}
              expense={e}
              viewerId={viewerId}
              canDecide={Boolean(s?.can_decide)}
              tribeRef={tribe.slug}
              onAct={(a) => act.open({ expense: e, act: a }, a === 'selfApprove')}
            />
          ))}
          <LoadMore
            hasMore={Boolean(list.hasNextPage)}
            loading={list.isFetchingNextPage}
            onMore={() => void list.fetchNextPage()}
          />
        </Stack>
      )}

      {s && proposing && (
        <ProposeExpenseDialog tribeRef={tribe.slug} tribeName={tribe.name} summary={s} open onClose={() => setProposing(false)} />
      )}
      <ExpenseActDialog
        pending={act.pending}
        error={act.error}
        busy={act.busy}
        onSubmit={(x) => void act.submit(x)}
        onClose={act.close}
      />
    </Stack>
  );
}
