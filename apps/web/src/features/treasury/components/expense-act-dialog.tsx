import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EXPENSE_LIMITS, type Expense } from '@tribes/shared';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyParser, refineResolver, schemaResolver, type SafeParser } from '../../../lib/form-resolver';
import { StepUpFields } from './step-up-fields';
import { useMoneyFormat } from '../../../lib/money-format';
import type { ExpenseAct } from '../api';
import type { Pending } from '../use-expense-act';

/** A note (approve, reject) or the payout's reference (pay), and the code the server may ask for. */
interface ActFields {
  note: string;
  reference: string;
  code: string;
}
type ActValues = { note?: string; reference?: string; code: string };
const EMPTY: ActFields = { note: '', reference: '', code: '' };

const payParser = lazyParser((s) => s.PayExpenseFieldsSchema);
const decisionParser = lazyParser((s) => s.ExpenseDecisionFieldsSchema);

/** The shared schema of the act at hand: paying checks the reference, the others the note. */
function actParser(paying: () => boolean): SafeParser<ActValues> {
  return {
    safeParse: (value) => {
      const { note, reference, code } = value as ActFields;
      return paying() ? payParser.safeParse({ reference, code }) : decisionParser.safeParse({ note, code });
    },
  };
}

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
  // The resolver reads the act of the dialog open now, not the one of the first render.
  const paying = useRef(false);
  paying.current = pending?.target.act === 'pay';
  const form = useForm<ActFields, unknown, ActValues>({
    defaultValues: EMPTY,
    resolver: refineResolver(
      schemaResolver<ActFields, ActValues>(
        actParser(() => paying.current),
        f.locale,
      ),
      (values, errors) => {
        if (errors.reference && !values.reference.trim())
          errors.reference = { type: 'required', message: t('treasury.act.referenceRequired') };
        return errors;
      },
    ),
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const referenceError = form.formState.errors.reference?.message ?? null;
  const expenseId = pending?.target.expense.id;
  const { reset } = form;
  useEffect(() => reset(EMPTY), [expenseId, reset]);
  if (!pending) return null;
  const { act, expense } = pending.target;
  const submit = form.handleSubmit((values) =>
    onSubmit(
      act === 'pay'
        ? { reference: values.reference, code: values.code || undefined }
        : { note: values.note, code: values.code || undefined },
    ),
  );
  const { ref: referenceRef, ...referenceField } = form.register('reference');
  const { ref: noteRef, ...noteField } = form.register('note');
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
                {...referenceField}
                inputRef={referenceRef}
                required
                error={Boolean(referenceError)}
                helperText={referenceError ?? t('treasury.act.referenceHelp')}
                slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.referenceMax, 'data-testid': 'expense-reference' } }}
              />
            ) : (
              <TextField
                id={`${id}-note`}
                label={t('treasury.act.note')}
                {...noteField}
                inputRef={noteRef}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.noteMax } }}
              />
            )}
            <StepUpFields
              id={id}
              needsCode={pending.needsCode}
              code={code}
              onCode={(v) => form.setValue('code', v)}
              error={error}
            />
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
