import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EXPENSE_LIMITS, type Expense } from '@tribes/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpFields } from './step-up-fields';
import { useMoneyFormat } from '../../../lib/money-format';
import type { ExpenseAct } from '../api';
import type { Pending } from '../use-expense-act';

/**
 * Asks before a leader's act on an expense: a note for approving or rejecting, the payout's
 * reference for paying, and the authenticator code when the server asked for one. Cancel has the
 * focus first; the server's refusal shows inside the dialog.
 */
export function ExpenseActDialog({
  pending,
  error,
  busy,
  onSubmit,
  onClose,
}: {
  pending: Pending<{ expense: Expense; act: ExpenseAct }> | null;
  error: string | null;
  busy: boolean;
  onSubmit(fields: { note?: string; reference?: string; code?: string }): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const id = useId();
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [code, setCode] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const expenseId = pending?.target.expense.id;
  useEffect(() => {
    setNote('');
    setReference('');
    setCode('');
    setReferenceError(null);
  }, [expenseId]);
  if (!pending) return null;
  const { act, expense } = pending.target;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (act === 'pay' && !reference.trim()) {
      setReferenceError(t('treasury.act.referenceRequired'));
      return;
    }
    onSubmit(
      act === 'pay' ? { reference: reference.trim(), code: code || undefined } : { note: note.trim(), code: code || undefined },
    );
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t(`treasury.act.${act}Title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {t(`treasury.act.${act}Body`, {
                title: expense.title,
                amount: f.tokens(expense.amount),
                payee: expense.payee,
                source: expense.source.name,
              })}
            </DialogContentText>
            {act === 'pay' ? (
              <TextField
                id={`${id}-reference`}
                label={t('treasury.act.reference')}
                value={reference}
                onChange={(e) => {
                  setReference(e.target.value);
                  setReferenceError(null);
                }}
                required
                error={Boolean(referenceError)}
                helperText={referenceError ?? t('treasury.act.referenceHelp')}
                slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.referenceMax, 'data-testid': 'expense-reference' } }}
              />
            ) : (
              <TextField
                id={`${id}-note`}
                label={t('treasury.act.note')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.noteMax } }}
              />
            )}
            <StepUpFields id={id} needsCode={pending.needsCode} code={code} onCode={setCode} error={error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} autoFocus={!pending.needsCode} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={act === 'reject' ? 'error' : 'primary'}
            disabled={busy}
            data-testid="expense-act-confirm"
          >
            {busy ? t('common.working') : t(`treasury.act.${act}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
