import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { RouterLocaleLink } from '../components/locale-link';
import { useUnsubscribe, useUnsubscribeStatus } from '../features/account/api';
import { useSession } from '../lib/session/session-store';

/**
 * /unsubscribe/{token}: the page of a notification mail's unsubscribe link. It asks before it turns the
 * mail off, since link scanners open links; mail clients' one-click POST goes to the server directly.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { isLoggedIn } = useSession();
  const status = useUnsubscribeStatus(token);
  const stop = useUnsubscribe(token);
  const settings = (
    <Button component={RouterLocaleLink} to={isLoggedIn ? '/setting/personal-setting' : '/sign-in'} variant="outlined">
      {t(isLoggedIn ? 'unsubscribe.settings' : 'unsubscribe.signIn')}
    </Button>
  );

  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 2 }}>
        {t('unsubscribe.title')}
      </Typography>
      {status.isPending ? (
        <Box aria-busy="true">
          <Skeleton variant="rounded" height={140} />
        </Box>
      ) : !status.data ? (
        <Box data-testid="unsubscribe-invalid">
          <EmptyState
            icon={LinkOffOutlinedIcon}
            title={t('unsubscribe.invalidTitle')}
            body={t('unsubscribe.invalidBody')}
            action={settings}
          />
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
          {stop.data || !status.data.email_on ? (
            <Stack spacing={2} alignItems="flex-start" data-testid="unsubscribe-done">
              <MarkEmailReadOutlinedIcon color="success" fontSize="large" aria-hidden />
              <Typography role="status">{t('unsubscribe.done', { type: t(`unsubscribe.type.${status.data.type}`) })}</Typography>
              {settings}
            </Stack>
          ) : (
            <Stack spacing={2} alignItems="flex-start">
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {t('unsubscribe.ask', { type: t(`unsubscribe.type.${status.data.type}`) })}
              </Typography>
              <Typography color="text.secondary">{t('unsubscribe.askBody')}</Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button
                  variant="contained"
                  onClick={() => stop.mutate()}
                  disabled={stop.isPending}
                  data-testid="unsubscribe-confirm"
                >
                  {t('unsubscribe.confirm')}
                </Button>
                {settings}
              </Stack>
            </Stack>
          )}
        </Paper>
      )}
    </Container>
  );
}
