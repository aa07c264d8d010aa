import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog';
import { notify } from '../snackbar/notice-store';
import { cancelOutboxItem, editOutboxItem } from '../../lib/offline/outbox';
import type { OutboxItem } from '../../lib/offline/outbox-types';

/** Edit (posts and comments) and cancel, with a confirmation, for one waiting write. */
export function OutboxActions({ item, maxLength }: { item: OutboxItem; maxLength?: number }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const editable = item.kind === 'post' || item.kind === 'comment';
  const empty = editing !== null && !editing.trim() && !(item.kind === 'post' && item.photos.length > 0);
  return (
    <Stack direction="row" spacing={1}>
      {editable && (
        <Button size="small" onClick={() => setEditing(item.body)} data-testid="outbox-edit">
          {t('outbox.edit')}
        </Button>
      )}
      <Button size="small" color="error" onClick={() => setConfirming(true)} data-testid="outbox-cancel">
        {t('outbox.cancel')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('outbox.cancelTitle')}
        body={t('outbox.cancelBody')}
        confirmLabel={t('outbox.remove')}
        destructive
        onConfirm={() => void cancelOutboxItem(item.id).then(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      />
      {editable && (
        <Dialog
          open={editing !== null}
          onClose={() => setEditing(null)}
          fullWidth
          maxWidth="sm"
          aria-labelledby={`outbox-edit-${item.id}`}
        >
          <DialogTitle id={`outbox-edit-${item.id}`}>{t('outbox.editTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              multiline
              minRows={3}
              fullWidth
              margin="dense"
              label={t('outbox.text')}
              value={editing ?? ''}
              onChange={(e) => setEditing(e.target.value)}
              slotProps={{ htmlInput: { maxLength, dir: 'auto', 'data-testid': 'outbox-edit-text' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setEditing(null)}>{t('outbox.keep')}</Button>
            <Button
              variant="contained"
              disabled={empty}
              onClick={() => {
                const body = editing ?? '';
                setEditing(null);
                editOutboxItem(item.id, body).catch(() => notify(t('outbox.editFailed'), 'error'));
              }}
              data-testid="outbox-edit-save"
            >
              {t('outbox.save')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
