import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { EXPENSE_LIMITS, type TreasurySummary } from '@tribes/shared';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldProps } from '../../../lib/form-field';
import { LocalMoney } from '../../../components/local-money';
import { useProposeExpenseForm } from '../use-propose-expense-form';

/** "Propose an expense": what, how much, to whom, from which fund, with receipts (photos or PDF). Full screen on phones. */
export function ProposeExpenseDialog({
  tribeRef,
  tribeName,
  summary,
  open,
  onClose,
}: {
  tribeRef: string;
  tribeName: string;
  summary: TreasurySummary;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const p = useProposeExpenseForm(tribeRef, onClose);
  const amount = useWatch({ control: p.form.control, name: 'amount' });
  const fund = useWatch({ control: p.form.control, name: 'fund' });
  const receiptsError = (p.form.formState.errors.receipts as { message?: string } | undefined)?.message;
  const amountField = p.form.register('amount', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) });
  const fundField = fieldProps(p.form, 'fund');
  return (
    <Dialog
      open={open}
      onClose={p.pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <form onSubmit={p.handleSubmit} noValidate>
        <DialogTitle id={`${id}-title`}>{t('treasury.propose.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('treasury.propose.intro')}
            </Typography>
            <TextField
              {...fieldProps(p.form, 'title')}
              label={t('treasury.propose.what')}
              required
              slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.titleMax, 'data-testid': 'expense-title' } }}
            />
            <TextField
              {...amountField}
              inputRef={amountField.ref}
              id="field-amount"
              type="number"
              label={t('treasury.propose.amount')}
              required
              error={Boolean(p.form.formState.errors.amount)}
              helperText={
                p.form.formState.errors.amount?.message ?? (amount ? <LocalMoney tokens={amount} component="span" /> : undefined)
              }
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric', 'data-testid': 'expense-amount' } }}
            />
            <TextField
              {...fieldProps(p.form, 'payee')}
              label={t('treasury.propose.payee')}
              required
              slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.payeeMax, 'data-testid': 'expense-payee' } }}
            />
            <TextField
              {...fundField}
              select
              value={fund}
              label={t('treasury.propose.fund')}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'expense-fund' } as object } }}
            >
              <MenuItem value="tribe" dir="auto">
                {t('treasury.propose.tribeFund', { name: tribeName })}
              </MenuItem>
              {summary.campaigns.map((c) => (
                <MenuItem key={c.id} value={c.id} dir="auto">
                  {c.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...fieldProps(p.form, 'description')}
              label={t('treasury.propose.purpose')}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: EXPENSE_LIMITS.descriptionMax } }}
            />
            <Stack spacing={1}>
              <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} sx={{ alignSelf: 'flex-start' }}>
                {t('treasury.propose.addReceipts')}
                <input
                  hidden
                  type="file"
                  multiple
                  accept="image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf"
                  data-testid="expense-receipts"
                  aria-describedby={`${id}-receipts-help`}
                  onChange={(e) => {
                    p.addReceipts(e.target.files);
                    e.target.value = '';
                  }}
                />
              </Button>
              <FormHelperText id={`${id}-receipts-help`} error={Boolean(receiptsError)}>
                {receiptsError ?? t('treasury.propose.receiptsHelp', { max: EXPENSE_LIMITS.receiptsMax })}
              </FormHelperText>
              {p.receipts.map((file, i) => (
                <Stack key={`${file.name}-${i}`} direction="row" spacing={1} alignItems="center">
                  <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={t('treasury.propose.removeReceipt', { name: file.name })}
                    onClick={() => p.removeReceipt(i)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={p.pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={p.pending} data-testid="expense-submit">
            {p.pending ? t('common.working') : t('treasury.propose.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
