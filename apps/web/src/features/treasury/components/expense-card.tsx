import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Expense } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { LocalMoney } from '../../../components/local-money';
import { useMoneyFormat } from '../../../lib/money-format';
import type { ExpenseAct } from '../api';
import { ApprovalNeeds } from './approval-needs';

const STATUS_COLOR = { proposed: 'warning', approved: 'info', rejected: 'default', paid: 'success' } as const;

/**
 * One expense: what, to whom, how much from which fund, its receipts, who approved (and as what), what
 * it still waits for, and the acts the viewer may take: approve / reject as the server says (leaders
 * other than the proposer; a moderator standing in for missing leaders), the sole leader's own approval
 * with a code, and pay once approved (leaders).
 */
export function ExpenseCard({
  expense,
  viewerId,
  canDecide,
  tribeRef,
  onAct,
}: {
  expense: Expense;
  viewerId: string | null;
  /** The viewer leads the tribe: pays approved expenses. */
  canDecide: boolean;
  tribeRef: string;
  onAct(act: ExpenseAct): void;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const headingId = `expense-${expense.id}`;
  const mine = expense.proposer?.id === viewerId;
  const { can_approve: canApprove, can_reject: canReject } = expense.approval;
  const open = expense.status === 'proposed';
  const approver = (a: Expense['approvals'][number]) =>
    a.as === 'leader' ? a.leader.name : t(`treasury.approvedAs.${a.as}`, { name: a.leader.name });
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 } }}
      aria-labelledby={headingId}
      data-testid="expense"
    >
      <Stack spacing={1.25}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline' }}
        >
          <Typography id={headingId} variant="h3" dir="auto" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
            {expense.title}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOR[expense.status]}
            label={t(`treasury.status.${expense.status}`)}
            data-testid="expense-status"
          />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 700 }}>{t('money.common.tokens', { amount: f.tokens(expense.amount) })}</Typography>
          <LocalMoney tokens={expense.amount} component="span" />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('treasury.card.payeeFrom', { payee: expense.payee, source: expense.source.name })}
        </Typography>
        {expense.description && (
          <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line' }}>
            {expense.description}
          </Typography>
        )}
        {expense.receipts.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('treasury.card.receipts')}>
            {expense.receipts.map((r, i) => (
              <Link
                key={r.url}
                href={r.url}
                target="_blank"
                rel="noopener"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 32 }}
              >
                <AttachFileIcon fontSize="small" aria-hidden />
                {t('treasury.card.receipt', { n: i + 1 })}
              </Link>
            ))}
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary">
          {expense.proposer && t('treasury.card.proposedBy', { name: expense.proposer.name, date: f.date(expense.created_at) })}{' '}
          {t('treasury.card.approvals', { done: expense.approvals.length, needed: expense.required_approvals })}
          {expense.approvals.length > 0 && ` (${expense.approvals.map(approver).join(', ')})`}
        </Typography>
        <ApprovalNeeds expense={expense} mine={mine} leader={canDecide} tribeRef={tribeRef} />
        {expense.rejection && (
          <Typography variant="body2" color="text.secondary">
            {t('treasury.card.rejectedBy', { name: expense.rejection.leader.name })}
            {expense.rejection.note && ` — ${expense.rejection.note}`}
          </Typography>
        )}
        {expense.status === 'paid' && expense.paid_at && (
          <Typography variant="body2" color="text.secondary">
            {t('treasury.card.paid', {
              name: expense.paid_by?.name ?? '',
              date: f.date(expense.paid_at),
              reference: expense.reference ?? '',
            })}
          </Typography>
        )}
        {((open && (canApprove || canReject)) || (canDecide && expense.status === 'approved')) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {open && canApprove && !mine && (
              <Button variant="contained" size="small" onClick={() => onAct('approve')} data-testid="expense-approve">
                {t('treasury.act.approve')}
              </Button>
            )}
            {open && canApprove && mine && (
              <Button variant="contained" size="small" onClick={() => onAct('selfApprove')} data-testid="expense-self-approve">
                {t('treasury.act.selfApprove')}
              </Button>
            )}
            {open && canReject && (
              <Button variant="outlined" color="error" size="small" onClick={() => onAct('reject')} data-testid="expense-reject">
                {t('treasury.act.reject')}
              </Button>
            )}
            {canDecide && expense.status === 'approved' && (
              <Button variant="contained" size="small" onClick={() => onAct('pay')} data-testid="expense-pay">
                {t('treasury.act.pay')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
