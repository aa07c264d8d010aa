import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLocale, useLocaleNavigate } from '../app/locale-hooks';
import { EmptyState } from '../components/empty-state';
import { RouterLocaleLink } from '../components/locale-link';
import { useSession } from '../lib/session/session-store';
import { useAcceptInvite, useInvitePreview } from '../features/invites/api';
import { forgetInvite, rememberInvite } from '../lib/session/pending-invite';
import { ApiError } from '../lib/api-client';
import { numberFormat } from '../lib/intl';

/** /invite/{code}: what the link invites to, and a way in (signed in: join; signed out: sign in, then back here). */
export default function InvitePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const session = useSession();
  const navigate = useLocaleNavigate();
  const locale = useLocale();
  const preview = useInvitePreview(code);
  const accept = useAcceptInvite(code);

  // Back here after signing in: the invite is no longer waiting.
  useEffect(() => {
    if (session.isLoggedIn) forgetInvite();
  }, [session.isLoggedIn]);

  if (preview.isPending)
    return (
      <Container maxWidth="sm" sx={{ py: 3 }} aria-busy="true">
        <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 2 }}>
          {t('invites.page.title')}
        </Typography>
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="text" height={48} />
        <Skeleton variant="text" />
      </Container>
    );

  if (!preview.data) {
    const gone = preview.error instanceof ApiError && preview.error.status === 410;
    return (
      <Container maxWidth="sm" sx={{ py: 3 }}>
        <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 2 }}>
          {t('invites.page.title')}
        </Typography>
        <Box data-testid={gone ? 'invite-gone' : 'invite-not-found'}>
          <EmptyState
            icon={gone ? LinkOffOutlinedIcon : SearchOffOutlinedIcon}
            title={t(gone ? 'invites.page.goneTitle' : 'invites.page.notFoundTitle')}
            body={t(gone ? 'invites.page.goneBody' : 'invites.page.notFoundBody')}
            action={
              <Button component={RouterLocaleLink} to={session.isLoggedIn ? '/tribes' : '/'} variant="contained">
                {t('invites.page.browse')}
              </Button>
            }
          />
        </Box>
      </Container>
    );
  }

  const { tribe } = preview.data;
  const join = () =>
    accept.mutate(undefined, {
      onSuccess: (data) => navigate(`/tribes/${data.tribe.slug}`),
    });
  const signIn = () => {
    rememberInvite(code);
    navigate('/sign-in');
  };
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {tribe.cover_url ? (
          <Box
            component="img"
            src={tribe.cover_url}
            alt={t('invites.page.coverAlt', { name: tribe.name })}
            width={1500}
            height={500}
            decoding="async"
            sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 1', objectFit: 'cover' }}
          />
        ) : (
          <Box sx={{ aspectRatio: '3 / 1', bgcolor: 'primary.light' }} aria-hidden />
        )}
        <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: { xs: -6, sm: -7 } }}>
            <Avatar
              src={tribe.logo_url ?? undefined}
              alt={tribe.logo_url ? t('invites.page.logoAlt', { name: tribe.name }) : ''}
              variant="rounded"
              sx={{
                width: 88,
                height: 88,
                fontSize: '2rem',
                bgcolor: 'primary.main',
                border: 3,
                borderColor: 'background.paper',
              }}
            >
              {tribe.name.slice(0, 1).toUpperCase()}
            </Avatar>
          </Stack>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('invites.page.invitedTo')}
            </Typography>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, overflowWrap: 'anywhere' }}>
              <bdi>{tribe.name}</bdi>
            </Typography>
          </Box>
          {tribe.description && (
            <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {tribe.description}
            </Typography>
          )}
          <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: 'text.secondary' }}>
            <GroupsOutlinedIcon fontSize="small" aria-hidden />
            <Typography variant="body2" data-testid="invite-members">
              {t('tribes.stats.members', { count: tribe.member_count, value: numberFormat(locale).format(tribe.member_count) })}
            </Typography>
          </Stack>
          {session.isLoggedIn ? (
            <Button variant="contained" size="large" onClick={join} disabled={accept.isPending} data-testid="invite-join">
              {t('invites.page.join')}
            </Button>
          ) : (
            <Stack spacing={1}>
              <Button variant="contained" size="large" onClick={signIn} data-testid="invite-sign-in">
                {t('invites.page.signInToJoin')}
              </Button>
              <Button component={RouterLocaleLink} to="/get-started" onClick={() => rememberInvite(code)}>
                {t('invites.page.signUp')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
