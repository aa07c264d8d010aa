import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@tribes/shared';
import { RouterLocaleLink } from '../components/locale-link';
import { AuthCard } from '../features/auth/components/auth-card';

/** /get-started: how joining works, and the two ways in. */
export default function GetStartedPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('getStarted.title')} subtitle={t('getStarted.subtitle')}>
      <Stack component="ol" spacing={1.5} sx={{ paddingInlineStart: 2.5, m: 0, mb: 3 }}>
        {(['one', 'two', 'three', 'four'] as const).map((step) => (
          <Typography component="li" key={step}>
            <strong>{t(`landing.steps.${step}.title`)}</strong> — {t(`landing.steps.${step}.text`)}
          </Typography>
        ))}
      </Stack>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('getStarted.rolesTitle')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ paddingInlineStart: 2.5, m: 0, mb: 3 }}>
        {ROLES.map((r) => (
          <Typography component="li" key={r} variant="body2">
            <strong>{t(`roles.${r}.name`)}</strong>: {t(`roles.${r}.text`)}
          </Typography>
        ))}
      </Stack>
      <Stack spacing={1.5}>
        <Button component={RouterLocaleLink} to="/sign-up" variant="contained" size="large">
          {t('getStarted.createAccount')}
        </Button>
        <Button component={RouterLocaleLink} to="/sign-in" variant="outlined" size="large">
          {t('getStarted.haveAccount')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
