import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { POST_LIMITS } from '@tribes/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';
import { fieldProps } from '../../../lib/form-field';
import { useEditForm, useReportForm } from '../use-post-dialogs';

interface DialogProps {
  postId: string;
  open: boolean;
  onClose(): void;
}

/** Report a post with a reason; the tribe's moderators see it in their queue. */
export function ReportDialog({ postId, open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const { form, onSubmit, pending } = useReportForm(postId, onClose);
  const reason = form.watch('reason');
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{t('posts.report.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('posts.report.body')}</DialogContentText>
          <TextField
            {...fieldProps(form, 'reason', t('posts.common.count', { length: reason.length, max: POST_LIMITS.reasonMax }))}
            label={t('posts.report.reason')}
            required
            multiline
            minRows={3}
            autoFocus
            htmlInput={{ dir: 'auto', maxLength: POST_LIMITS.reasonMax, 'data-testid': 'report-reason' }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('posts.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={pending} data-testid="report-submit">
            {pending ? t('posts.common.pleaseWait') : t('posts.report.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Edit the text of one's own post. */
export function EditPostDialog({ postId, body, open, onClose }: DialogProps & { body: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { form, onSubmit, pending } = useEditForm(postId, body, onClose);
  const text = form.watch('body');
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{t('posts.edit.title')}</DialogTitle>
        <DialogContent sx={{ pt: 1 }}>
          <TextField
            {...fieldProps(form, 'body', t('posts.common.count', { length: text.length, max: POST_LIMITS.bodyMax }))}
            id={`edit-body-${postId}`}
            label={t('posts.composer.label')}
            multiline
            minRows={4}
            autoFocus
            htmlInput={{ dir: 'auto', maxLength: POST_LIMITS.bodyMax, 'data-testid': 'edit-body' }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('posts.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="edit-submit">
            {pending ? t('posts.common.pleaseWait') : t('posts.common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
