import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MODERATION_LIMITS } from '@tribes/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonDialogValues {
  reason: string;
  /** The end chosen (an ISO instant), or null: until lifted. Only with `withUntil`. */
  until: string | null;
}

interface Props {
  open: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** The text field's label (the reason, a note, an appeal's text). */
  fieldLabel?: string;
  maxLength?: number;
  /** Offers an optional end date (a suspension). */
  withUntil?: boolean;
  destructive?: boolean;
  pending: boolean;
  /** The server's refusal (a 409, a field error), shown in the dialog. */
  error: string | null;
  onSubmit(values: ReasonDialogValues): void;
  onClose(): void;
}

/** The end of a chosen day (yyyy-mm-dd), in the operator's own time zone, as an instant. */
export const endOfDay = (day: string): string => new Date(`${day}T23:59:59`).toISOString();

/**
 * Asks the reason of an act before it is done (the audit log keeps it): required, trimmed, within the
 * contract's limit; a suspension may also end on a date. Cancel has the focus, Enter submits.
 */
export function ReasonDialog(props: Props) {
  const id = useId();
  const close = () => {
    if (!props.pending) props.onClose();
  };
  // The form lives inside the dialog, so each opening starts with an empty reason.
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <ReasonForm {...props} titleId={`${id}-title`} close={close} />
    </Dialog>
  );
}

function ReasonForm({
  title,
  titleId,
  body,
  confirmLabel,
  fieldLabel,
  maxLength = MODERATION_LIMITS.reasonMax,
  withUntil = false,
  destructive = true,
  pending,
  error,
  onSubmit,
  close,
}: Props & { titleId: string; close(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = reason.trim().length === 0;
  const today = new Date().toISOString().slice(0, 10);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (empty || pending) return;
    onSubmit({ reason: reason.trim(), until: withUntil && until ? endOfDay(until) : null });
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {body && <DialogContentText component="div">{body}</DialogContentText>}
          <TextField
            label={fieldLabel ?? t('admin.common.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            required
            multiline
            minRows={3}
            fullWidth
            error={touched && empty}
            helperText={touched && empty ? t('admin.common.reasonRequired') : `${reason.length} / ${maxLength}`}
            slotProps={{ htmlInput: { maxLength, 'data-testid': 'reason-input' } }}
          />
          {withUntil && (
            <TextField
              type="date"
              label={t('admin.users.until')}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              helperText={t('admin.users.untilHelp')}
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, 'data-testid': 'until-input' } }}
            />
          )}
          {error && (
            <Alert severity="error" role="alert" data-testid="dialog-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={pending}
          data-testid="reason-submit"
        >
          {pending ? t('common.pleaseWait') : confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
