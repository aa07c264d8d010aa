import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Expense } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';

/**
 * What a proposed expense's missing approvals wait for, when it is more than its other leaders
 * (decision 023): a moderator; its proposer's own approval with two-factor (the sole leader, no
 * moderator); or an appointment. Said to everyone who sees it, and to whoever can act what they can
 * do: a leader appoints a moderator (the tribe's settings); the proposing sole leader may also approve
 * it with a code (the card's button), after turning two-factor on when it is off.
 */
export function ApprovalNeeds({
  expense,
  mine,
  leader,
  tribeRef,
}: {
  expense: Expense;
  /** The viewer proposed it. */
  mine: boolean;
  /** The viewer leads the tribe (and so can appoint a moderator). */
  leader: boolean;
  tribeRef: string;
}) {
  const { t } = useTranslation();
  const waiting = expense.status === 'proposed' ? expense.approval.waiting_for : null;
  if (!waiting || waiting === 'leaders') return null;
  const proposerLeads = waiting === 'self' && mine;
  const text =
    waiting === 'moderator'
      ? t('treasury.needs.moderator')
      : waiting === 'appointment'
        ? t('treasury.needs.appointment')
        : !proposerLeads
          ? t('treasury.needs.selfOthers')
          : expense.approval.two_factor_needed
            ? t('treasury.needs.selfTurnOn')
            : t('treasury.needs.selfReady');
  const canAppoint = leader && (waiting === 'self' || waiting === 'appointment');
  return (
    <Alert severity="info" data-testid="expense-needs" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      {text}
      {(canAppoint || (proposerLeads && expense.approval.two_factor_needed)) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {canAppoint && (
            <Button component={RouterLocaleLink} to={`/tribes/setting/${tribeRef}`} size="small" variant="outlined">
              {t('treasury.needs.appoint')}
            </Button>
          )}
          {proposerLeads && expense.approval.two_factor_needed && (
            <Button
              component={RouterLocaleLink}
              to="/setting/two-factor"
              size="small"
              variant="outlined"
              data-testid="expense-turn-on-2fa"
            >
              {t('treasury.needs.turnOn')}
            </Button>
          )}
        </Stack>
      )}
    </Alert>
  );
}
