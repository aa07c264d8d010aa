import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * The end of a leader's money dialog: the authenticator code once the server asked for one, and the
 * server's refusal. One piece for the expense acts and the refunds.
 */
export function StepUpFields({
  id,
  needsCode,
  code,
  onCode,
  error,
}: {
  id: string;
  needsCode: boolean;
  code: string;
  onCode(code: string): void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {needsCode && (
        <TextField
          id={`${id}-code`}
          label={t('treasury.act.code')}
          value={code}
          onChange={(e) => onCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoComplete="one-time-code"
          autoFocus
          helperText={t('treasury.act.codeHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'expense-code' } }}
        />
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
