import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@tribes/shared';
import { useLocale } from '../app/locale-hooks';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { ListSkeleton } from '../components/list-skeleton';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../features/passkeys/api';
import { isPasskeyCancel } from '../lib/webauthn';
import { ApiError } from '../lib/api-client';
import { useConfirm } from '../lib/use-confirm';

const NAME_MAX = 60;

/**
 * /setting/passkeys (DESIGN 10.2): my passkeys with when they were added and last used, adding one
 * under a name (the browser's passkey prompt; @simplewebauthn/browser loads then), and removing one
 * after a confirmation.
 */
export default function PasskeysPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const confirm = useConfirm<Passkey>();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const list = passkeys.data ?? [];

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    try {
      await add.mutateAsync(name.trim() || undefined);
      setName('');
    } catch (err) {
      if (isPasskeyCancel(err)) setNotice({ severity: 'info', text: t('passkeys.settings.cancelled') });
      else if (!(err instanceof ApiError)) setNotice({ severity: 'error', text: t('passkeys.settings.unsupported') });
    }
  };
  const onRemove = async () => {
    if (!confirm.subject) return;
    await remove.mutateAsync(confirm.subject.id).catch(() => undefined);
    confirm.close();
  };

  return (
    <SettingsFrame titleKey="passkeys.settings.title">
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="passkeys-add-title">
          <Stack spacing={2} component="form" onSubmit={(e) => void onAdd(e)} noValidate>
            <Typography id="passkeys-add-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
              {t('passkeys.settings.addTitle')}
            </Typography>
            <Typography color="text.secondary">{t('passkeys.settings.intro')}</Typography>
            <TextField
              label={t('passkeys.settings.nameLabel')}
              helperText={t('passkeys.settings.nameHelp')}
              value={name}
              onChange={(e) => setName(e.target.value.slice(0, NAME_MAX))}
              slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'passkey-name' } }}
              fullWidth
            />
            <div>
              <Button
                type="submit"
                variant="contained"
                startIcon={<KeyOutlinedIcon />}
                disabled={add.isPending}
                aria-busy={add.isPending}
                data-testid="add-passkey"
              >
                {add.isPending ? t('passkeys.settings.adding') : t('passkeys.settings.add')}
              </Button>
            </div>
            {notice && (
              <Alert severity={notice.severity} role={notice.severity === 'info' ? 'status' : 'alert'}>
                {notice.text}
              </Alert>
            )}
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="passkeys-list-title">
          <Stack spacing={2}>
            <Typography id="passkeys-list-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
              {t('passkeys.settings.listTitle')}
            </Typography>
            {passkeys.isPending ? (
              <ListSkeleton rows={2} height={56} />
            ) : list.length === 0 ? (
              <EmptyState
                icon={KeyOutlinedIcon}
                title={t('passkeys.settings.emptyTitle')}
                body={t('passkeys.settings.emptyBody')}
                headingLevel="h3"
              />
            ) : (
              <List disablePadding data-testid="passkey-list">
                {list.map((p) => (
                  <ListItem
                    key={p.id}
                    divider
                    data-testid="passkey-row"
                    sx={{ flexWrap: 'wrap', gap: 1, px: 0, '&:last-of-type': { borderBottom: 0 } }}
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <KeyOutlinedIcon />
                    </ListItemIcon>
                    <ListItemText
                      primary={<bdi>{p.name}</bdi>}
                      secondary={t('passkeys.settings.dates', {
                        created: format.format(new Date(p.created_at)),
                        used: p.last_used_at ? format.format(new Date(p.last_used_at)) : t('passkeys.settings.neverUsed'),
                      })}
                      sx={{ minWidth: 0, flex: '1 1 200px', overflowWrap: 'anywhere' }}
                    />
                    <Button
                      color="error"
                      size="small"
                      onClick={() => confirm.ask(p)}
                      aria-label={t('passkeys.settings.removeLabel', { name: p.name })}
                      sx={{ marginInlineStart: 'auto' }}
                      data-testid="remove-passkey"
                    >
                      {t('passkeys.settings.remove')}
                    </Button>
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        </Paper>
      </Stack>
      <ConfirmDialog
        open={confirm.open}
        title={t('passkeys.settings.confirmTitle')}
        body={t('passkeys.settings.confirmBody', { name: confirm.subject?.name ?? '' })}
        confirmLabel={t('passkeys.settings.remove')}
        onConfirm={() => void onRemove()}
        onClose={confirm.close}
        pending={remove.isPending}
        destructive
      />
    </SettingsFrame>
  );
}
