import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { PasswordField } from '../../../components/inputs/password-field';
import { fieldErrorsTo } from '../../../lib/field-errors';
import { fieldProps } from '../../../lib/form-field';
import { lazyParser, schemaResolver } from '../../../lib/form-resolver';
import { useDeleteAccount } from '../api';

const deleteMeParser = lazyParser((s) => s.DeleteMeBodySchema);

/** Deleting the account: a confirmation dialog that asks for the password (DELETE /v1/me). */
export function DeleteAccount() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useForm<{ password: string }>({
    resolver: schemaResolver(deleteMeParser, locale),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    await remove.mutateAsync({ password, onFieldErrors: fieldErrorsTo(form.setError, ['password']) }).catch(() => undefined);
  });
  const close = () => {
    setOpen(false);
    form.reset();
  };
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('settings.personal.deleteTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.personal.deleteText')}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('settings.personal.deleteButton')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="delete-title" aria-describedby="delete-text" fullWidth maxWidth="xs">
        <form noValidate onSubmit={onSubmit}>
          <DialogTitle id="delete-title">{t('settings.personal.deleteConfirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="delete-text" sx={{ mb: 2 }}>
              {t('settings.personal.deleteConfirmText')}
            </DialogContentText>
            <PasswordField
              {...fieldProps(form, 'password')}
              label={t('form.password')}
              autoComplete="current-password"
              required
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" color="error" variant="contained" disabled={remove.isPending} data-testid="confirm-delete">
              {t('settings.personal.deleteButton')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
