import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EXPENSE_LIMITS, type LedgerEntry, type Tribe } from '@tribes/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpFields } from './step-up-fields';
import { useMoneyFormat } from '../../../lib/money-format';
import { membershipFlags } from '../../../lib/membership';
import { useRefundDialog } from '../use-expense-act';

/**
 * "Refund" beside a donation of the public ledger, for the tribe's leaders: a reason (public on the
 * ledger), then the authenticator code if the server asks for one. Nothing for anyone else, for
 * other movements, or for a donation already refunded.
 */
export function RefundAction({ tribe, entry }: { tribe: Tribe; entry: LedgerEntry }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const id = useId();
  const dialog = useRefundDialog();
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  if (!membershipFlags(tribe).isLeader || entry.kind !== 'donation' || entry.refunded || !entry.donation_id) return null;
  const donationId = entry.donation_id;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setReasonError(t('treasury.refund.reasonRequired'));
    void dialog.submit({ reason: reason.trim(), code: code || undefined });
  };
  return (
    <>
      <Button
        size="small"
        variant="text"
        color="error"
        onClick={() => {
          setReason('');
          setCode('');
          setReasonError(null);
          dialog.open({ donationId, amount: entry.amount });
        }}
        data-testid="refund-donation"
      >
        {t('treasury.refund.open')}
      </Button>
      {dialog.pending && (
        <Dialog open onClose={dialog.busy ? undefined : dialog.close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
          <form onSubmit={submit} noValidate>
            <DialogTitle id={`${id}-title`}>{t('treasury.refund.title')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2}>
                <DialogContentText>
                  {t('treasury.refund.body', {
                    amount: f.tokens(entry.amount),
                    who: entry.donor?.name ?? t('money.detail.anonymous'),
                  })}
                </DialogContentText>
                <TextField
                  id={`${id}-reason`}
                  label={t('treasury.refund.reason')}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(null);
                  }}
                  required
                  multiline
                  minRows={2}
                  error={Boolean(reasonError)}
                  helperText={reasonError ?? t('treasury.refund.reasonHelp')}
                  slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.noteMax, 'data-testid': 'refund-reason' } }}
                />
                <StepUpFields id={id} needsCode={dialog.pending.needsCode} code={code} onCode={setCode} error={dialog.error} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={dialog.close} autoFocus disabled={dialog.busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={dialog.busy} data-testid="refund-confirm">
                {dialog.busy ? t('common.working') : t('treasury.refund.confirm')}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}
    </>
  );
}
