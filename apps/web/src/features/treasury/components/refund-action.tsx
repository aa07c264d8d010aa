import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EXPENSE_LIMITS, type LedgerEntry, type Tribe } from '@tribes/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyParser, refineResolver, schemaResolver } from '../../../lib/form-resolver';
import { StepUpFields } from './step-up-fields';
import { useMoneyFormat } from '../../../lib/money-format';
import { membershipFlags } from '../../../lib/membership';
import { useRefundDialog } from '../use-expense-act';

/** The reason (the shared refund schema) and the authenticator code the server may ask for. */
interface RefundFields {
  reason: string;
  code: string;
}
const refundParser = lazyParser((s) => s.RefundFieldsSchema);
const EMPTY: RefundFields = { reason: '', code: '' };

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
  const form = useForm<RefundFields>({
    defaultValues: EMPTY,
    resolver: refineResolver(schemaResolver<RefundFields>(refundParser, f.locale), (values, errors) => {
      if (errors.reason && !values.reason.trim())
        errors.reason = { type: 'required', message: t('treasury.refund.reasonRequired') };
      return errors;
    }),
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const reasonError = form.formState.errors.reason?.message ?? null;
  if (!membershipFlags(tribe).isLeader || entry.kind !== 'donation' || entry.refunded || !entry.donation_id) return null;
  const donationId = entry.donation_id;
  const { ref: reasonRef, ...reasonField } = form.register('reason');
  const submit = form.handleSubmit((values) => void dialog.submit({ reason: values.reason, code: values.code || undefined }));
  return (
    <>
      <Button
        size="small"
        variant="text"
        color="error"
        onClick={() => {
          form.reset(EMPTY);
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
                  {...reasonField}
                  inputRef={reasonRef}
                  required
                  multiline
                  minRows={2}
                  error={Boolean(reasonError)}
                  helperText={reasonError ?? t('treasury.refund.reasonHelp')}
                  slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.noteMax, 'data-testid': 'refund-reason' } }}
                />
                <StepUpFields
                  id={id}
                  needsCode={dialog.pending.needsCode}
                  code={code}
                  onCode={(v) => form.setValue('code', v)}
                  error={dialog.error}
                />
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
