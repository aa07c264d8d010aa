import CloseIcon from '@mui/icons-material/Close';
import EmojiPeopleOutlinedIcon from '@mui/icons-material/EmojiPeopleOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import WavingHandOutlinedIcon from '@mui/icons-material/WavingHandOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../components/locale-link';
import { useDismissed } from '../../features/tribe-home/use-dismissed';

/** New members see the welcome for this many days after joining (or until they close it). */
export const WELCOME_DAYS = 14;

export function isNewMember(tribe: Tribe, now = Date.now()): boolean {
  const m = tribe.my_membership;
  if (!m || m.status !== 'active' || m.role === 'leader') return false;
  return now - new Date(m.joined_at).getTime() < WELCOME_DAYS * 24 * 3600 * 1000;
}

/** A welcome for a member who just joined: three first things to do in the tribe. */
export function WelcomeCard({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useDismissed(`welcome.${tribe.id}`);
  if (dismissed || !isNewMember(tribe)) return null;
  const page = `/tribes/${encodeURIComponent(tribe.slug)}`;
  const actions = [
    { key: 'introduce', icon: EmojiPeopleOutlinedIcon, to: `${page}?tab=posts` },
    { key: 'village', icon: HomeWorkOutlinedIcon, to: `${page}?tab=villages` },
    { key: 'course', icon: SchoolOutlinedIcon, to: `${page}?tab=courses` },
  ] as const;
  const headingId = `welcome-${tribe.id}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="welcome-card"
      sx={{ p: 2, borderColor: 'primary.light', bgcolor: (th) => alpha(th.palette.primary.main, 0.06) }}
    >
      <Stack direction="row" spacing={1.5} alignItems="flex-start">
        <WavingHandOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }} dir="auto">
            {t('tribeHome.welcome.title', { name: tribe.name })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tribeHome.welcome.body')}
          </Typography>
        </Stack>
        <IconButton aria-label={t('tribeHome.welcome.close')} onClick={dismiss} size="small" data-testid="welcome-close">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }} useFlexGap flexWrap="wrap">
        {actions.map(({ key, icon: Icon, to }) => (
          <Button
            key={key}
            component={RouterLocaleLink}
            to={to}
            variant="outlined"
            startIcon={<Icon />}
            data-testid={`welcome-${key}`}
            sx={{ minHeight: 44, justifyContent: 'flex-start' }}
          >
            {t(`tribeHome.welcome.actions.${key}`)}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
