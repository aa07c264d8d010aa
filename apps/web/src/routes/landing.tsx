import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../components/locale-link';
import { nextOnboardingPath, useSession } from '../lib/session/session-store';
import { usePageTitle } from '../lib/use-page-title';
import { useLocale } from '../app/locale-hooks';

const FEATURES = [
  ['tribes', GroupsOutlinedIcon],
  ['posts', ForumOutlinedIcon],
  ['campaigns', CampaignOutlinedIcon],
  ['learning', SchoolOutlinedIcon],
  ['map', MapOutlinedIcon],
  ['languages', LanguageOutlinedIcon],
] as const;

/** /: what Tribes is, and the way in. */
export default function LandingPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(null);
  const session = useSession();
  return (
    <>
      <Box sx={{ bgcolor: 'surface2.main', py: { xs: 6, md: 10 } }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 2 }}>
            {t('landing.title')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, color: 'text.secondary', mb: 4 }}>
            {t('landing.subtitle')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
            {session.isLoggedIn ? (
              <Button
                component={RouterLocaleLink}
                to={nextOnboardingPath(session.userData?.profile.last_step)}
                variant="contained"
                size="large"
              >
                {nextOnboardingPath(session.userData?.profile.last_step) === '/home'
                  ? t('shell.goToFeed')
                  : t('shell.finishSignUp')}
              </Button>
            ) : (
              <>
                <Button component={RouterLocaleLink} to="/get-started" variant="contained" size="large">
                  {t('landing.cta')}
                </Button>
                <Button component={RouterLocaleLink} to="/sign-in" variant="outlined" size="large">
                  {t('shell.signIn')}
                </Button>
              </>
            )}
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="h2" component="h2" sx={{ textAlign: 'center', mb: 4 }}>
          {t('landing.featuresTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {FEATURES.map(([key, Icon]) => (
            <Paper key={key} variant="outlined" sx={{ p: 3 }}>
              <Icon color="primary" sx={{ fontSize: 36 }} aria-hidden />
              <Typography variant="h3" component="h3" sx={{ mt: 1, mb: 1 }}>
                {t(`landing.features.${key}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`landing.features.${key}.text`)}</Typography>
            </Paper>
          ))}
        </Box>
        <Typography variant="h2" component="h2" sx={{ textAlign: 'center', mt: 8, mb: 4 }}>
          {t('landing.stepsTitle')}
        </Typography>
        <Box
          component="ol"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' },
            p: 0,
            m: 0,
            listStyle: 'none',
          }}
        >
          {(['one', 'two', 'three', 'four'] as const).map((step, i) => (
            <Paper component="li" key={step} variant="outlined" sx={{ p: 3 }}>
              <Typography color="primary" sx={{ fontWeight: 800, fontSize: '1.5rem' }} aria-hidden>
                {new Intl.NumberFormat(locale).format(i + 1)}
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{t(`landing.steps.${step}.title`)}</Typography>
              <Typography color="text.secondary" variant="body2">
                {t(`landing.steps.${step}.text`)}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Container>
    </>
  );
}
