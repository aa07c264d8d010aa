import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useCreateTribeForm } from '../use-tribe-forms';
import { TribeFormFields } from './tribe-form-fields';

/** A leader creates a tribe; full screen on phones. */
export function CreateTribeDialog({
  open,
  onClose,
  onCreated,
  submitLabel,
}: {
  open: boolean;
  onClose(): void;
  onCreated(tribe: Tribe): void | Promise<void>;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { form, onSubmit, pending, coords } = useCreateTribeForm(onCreated);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-tribe-title"
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="create-tribe-title">
        <DialogTitle id="create-tribe-title">{t('tribes.create.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('tribes.create.intro')}</DialogContentText>
          <TribeFormFields form={form} coords={coords} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('tribes.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="create-tribe-submit">
            {pending ? t('tribes.common.pleaseWait') : (submitLabel ?? t('tribes.create.submit'))}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
