import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@tribes/shared';
import { useLocale } from '../app/locale-hooks';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useEditProfile } from '../features/account/use-account-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';

/** /setting/edit-profile */
export default function EditProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { form, onSubmit, pending, uploadAvatar, uploading, user } = useEditProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  const bio = form.watch('bio');
  const since = user ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(user.created_at)) : '';
  return (
    <SettingsFrame titleKey="settings.editProfile.title">
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} alignItems={{ xs: 'flex-start', sm: 'center' }} sx={{ mb: 4 }}>
          <Avatar src={user?.avatar_url ?? undefined} alt={user?.name ?? ''} sx={{ width: 96, height: 96, fontSize: '2rem' }}>
            {user?.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack spacing={1}>
            <Typography sx={{ fontWeight: 700 }} dir="auto">
              {user?.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi dir="ltr">{user?.email}</bdi>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('settings.editProfile.memberSince', { date: since })}
            </Typography>
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              hidden
              aria-label={t('settings.editProfile.photo')}
              data-testid="avatar-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void uploadAvatar(file);
                e.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<PhotoCameraOutlinedIcon />}
              onClick={() => fileInput.current?.click()}
              disabled={uploading}
              sx={{ alignSelf: 'flex-start' }}
            >
              {uploading ? t('common.pleaseWait') : t('settings.editProfile.photo')}
            </Button>
          </Stack>
        </Stack>
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('settings.editProfile.title')}>
          <TextField
            {...fieldProps(form, 'name')}
            label={t('form.name')}
            autoComplete="name"
            required
            htmlInput={{ dir: 'auto' }}
          />
          <TextField
            {...fieldProps(form, 'bio', t('settings.editProfile.bioCount', { length: bio.length, max: LIMITS.bioMax }))}
            label={t('settings.editProfile.bio')}
            multiline
            minRows={3}
            htmlInput={{ dir: 'auto' }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="profile-submit"
          >
            {pending ? t('common.pleaseWait') : t('common.save')}
          </Button>
        </Stack>
      </Paper>
    </SettingsFrame>
  );
}
