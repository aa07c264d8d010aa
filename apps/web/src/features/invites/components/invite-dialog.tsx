import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IosShareIcon from '@mui/icons-material/IosShare';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVITE_LIMITS, type CreatedInvite } from '@tribes/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCreateInvite } from '../api';

const DAY = 24 * 60 * 60 * 1000;
const VALIDITY = { day: DAY, week: 7 * DAY, month: 30 * DAY, never: 0 } as const;
type Validity = keyof typeof VALIDITY;

/** "Invite" on a tribe page (leaders and moderators): opens the dialog that makes a link. */
export function InviteButton({ tribe }: { tribe: { id: string; name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PersonAddAltOutlinedIcon />}
        onClick={() => setOpen(true)}
        data-testid="invite-button"
      >
        {t('invites.dialog.button')}
      </Button>
      {open && <InviteDialog tribe={tribe} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Makes an invite link (optional max uses and validity), then offers copy, WhatsApp, Telegram and the share sheet. */
export function InviteDialog({ tribe, onClose }: { tribe: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateInvite(tribe.id);
  const [maxUses, setMaxUses] = useState('');
  const [validity, setValidity] = useState<Validity>('week');
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const [copied, setCopied] = useState(false);
  const uses = maxUses.trim() === '' ? null : Number(maxUses);
  const usesInvalid = uses !== null && (!Number.isInteger(uses) || uses < 1 || uses > INVITE_LIMITS.maxUses);
  const serverErrors = create.error instanceof ApiError ? create.error.fieldErrors : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (usesInvalid) return;
    create.mutate(
      {
        max_uses: uses,
        expires_at: VALIDITY[validity] ? new Date(Date.now() + VALIDITY[validity]).toISOString() : null,
      },
      { onSuccess: setInvite },
    );
  };

  const text = invite ? `${t('invites.dialog.shareText', { name: tribe.name })} ${invite.url}` : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('invites.dialog.title', { name: tribe.name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('invites.dialog.intro')}
        </Typography>
        {!invite ? (
          <Stack component="form" id={`${titleId}-form`} spacing={2} onSubmit={submit} noValidate>
            <TextField
              label={t('invites.dialog.maxUses')}
              value={maxUses}
              onChange={(e) => setMaxUses(e.target.value)}
              inputMode="numeric"
              error={usesInvalid || Boolean(serverErrors?.max_uses)}
              helperText={
                usesInvalid
                  ? t('invites.dialog.maxUsesInvalid')
                  : (serverErrors?.max_uses?.[0] ?? t('invites.dialog.maxUsesHelp'))
              }
              slotProps={{ htmlInput: { 'data-testid': 'invite-max-uses' } }}
            />
            <TextField
              select
              label={t('invites.dialog.expires')}
              value={validity}
              onChange={(e) => setValidity(e.target.value as Validity)}
              error={Boolean(serverErrors?.expires_at)}
              helperText={serverErrors?.expires_at?.[0]}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'invite-validity' } as object } }}
            >
              {(Object.keys(VALIDITY) as Validity[]).map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`invites.dialog.${v}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <TextField
              label={t('invites.dialog.link')}
              value={invite.url}
              slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'invite-url' } }}
              onFocus={(e) => e.target.select()}
            />
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap' }}
              role="group"
              aria-label={t('invites.dialog.shareGroup')}
            >
              <Button
                variant="contained"
                startIcon={<ContentCopyIcon />}
                data-testid="invite-copy"
                onClick={() =>
                  void navigator.clipboard?.writeText(invite.url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? t('invites.dialog.copied') : t('invites.dialog.copy')}
              </Button>
              <Button
                variant="outlined"
                component="a"
                href={`https://wa.me/?text=${encodeURIComponent(text)}`}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="invite-whatsapp"
              >
                {t('invites.dialog.whatsapp')}
              </Button>
              <Button
                variant="outlined"
                component="a"
                href={`https://t.me/share/url?url=${encodeURIComponent(invite.url)}&text=${encodeURIComponent(
                  t('invites.dialog.shareText', { name: tribe.name }),
                )}`}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="invite-telegram"
              >
                {t('invites.dialog.telegram')}
              </Button>
              {canShare && (
                <Button
                  variant="outlined"
                  startIcon={<IosShareIcon />}
                  data-testid="invite-share"
                  onClick={() =>
                    void navigator
                      .share({ title: t('invites.dialog.shareText', { name: tribe.name }), url: invite.url })
                      .catch(() => undefined)
                  }
                >
                  {t('invites.dialog.share')}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('invites.dialog.close')}</Button>
        {!invite && (
          <Button
            type="submit"
            form={`${titleId}-form`}
            variant="contained"
            disabled={create.isPending}
            data-testid="invite-create"
          >
            {t('invites.dialog.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
