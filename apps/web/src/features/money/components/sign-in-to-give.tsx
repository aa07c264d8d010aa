import LoginOutlinedIcon from '@mui/icons-material/LoginOutlined';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { rememberReturn } from '../../../lib/session/return-path';

/** Where giving to a campaign happens: the page sign-in comes back to. */
export const donatePath = (campaignId: string) => `/tribes/campaign/donate/${campaignId}`;

/** Sign in (or sign up), then back to the campaign's giving page. */
function useSignInToGive(campaignId: string) {
  const navigate = useLocaleNavigate();
  return (to: '/sign-in' | '/get-started') => {
    rememberReturn(donatePath(campaignId));
    navigate(to);
  };
}

/** The Donate button as a signed-out visitor of a shared campaign link sees it: it asks them to sign in first. */
export function SignInToGiveButton({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const go = useSignInToGive(campaignId);
  return (
    <Button
      variant="contained"
      startIcon={<VolunteerActivismOutlinedIcon />}
      onClick={() => go('/sign-in')}
      data-testid="campaign-donate"
      data-signed-out="true"
    >
      {t('money.visitor.signInToDonate')}
    </Button>
  );
}

/** In place of the donation form for a signed-out visitor: why to sign in, and the ways in (both come back here). */
export function SignInToGive({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const go = useSignInToGive(campaignId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="sign-in-to-give">
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('money.visitor.title')}
        </Typography>
        <Typography color="text.secondary">{t('money.visitor.body')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" startIcon={<LoginOutlinedIcon />} onClick={() => go('/sign-in')} data-testid="give-sign-in">
            {t('money.visitor.signIn')}
          </Button>
          <Button variant="outlined" onClick={() => go('/get-started')} data-testid="give-sign-up">
            {t('money.visitor.signUp')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
