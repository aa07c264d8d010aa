import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';

/** A person's card: photo, name (the page heading), role, primary tribe, bio, post count, joined date, actions. */
export function ProfileHeader({ profile, actions }: { profile: UserProfile; actions?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const since = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(profile.created_at));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="profile-header">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <Avatar src={profile.avatar_url ?? undefined} alt="" sx={{ width: 88, height: 88, fontSize: '2rem' }}>
          {profile.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack spacing={0.75} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, fontWeight: 700 }} dir="auto">
            {profile.name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} alignItems="center">
            {profile.role && <Chip size="small" label={t(`people.roles.${profile.role}`, { defaultValue: profile.role })} />}
            {profile.primary_tribe && (
              <LocaleLink to={`/tribes/${encodeURIComponent(profile.primary_tribe.slug)}`} variant="body2">
                <bdi>{profile.primary_tribe.name}</bdi>
              </LocaleLink>
            )}
          </Stack>
          {profile.bio && (
            <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }}>
              {profile.bio}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('people.profile.stats', { count: profile.post_count, date: since })}
          </Typography>
        </Stack>
        {actions && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
