import BlockIcon from '@mui/icons-material/Block';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RouterLocaleLink } from '../components/locale-link';
import { ProfileHeader } from '../features/people/components/profile-header';
import { ProfileLayout, ProfileSkeleton } from '../features/people/components/profile-layout';
import { useUserProfile } from '../features/people/use-user-profile';
import { useUserPosts } from '../features/posts/api';
import { PostList } from '../features/posts/components/post-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { MessagePersonButton } from '../features/messages/components/message-person-button';

/** /user-profile/{id}: someone's profile as their privacy allows, their posts; block or unblock. */
export default function UserProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const p = useUserProfile(id);
  const posts = useUserPosts(id, p.visible);
  const state = p.state;
  const name = state?.kind === 'ok' ? state.profile.name : t('pages.userProfile');
  const heading = (
    <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
      {t('pages.userProfile')}
    </Typography>
  );
  return (
    <ProfileLayout title={name}>
      {p.profile.isPending ? (
        <>
          {heading}
          <ProfileSkeleton />
        </>
      ) : p.profile.isError || !state ? (
        <>
          {heading}
          <Alert severity="error" action={<Button onClick={() => void p.profile.refetch()}>{t('posts.common.retry')}</Button>}>
            {t('people.profile.failed')}
          </Alert>
        </>
      ) : state.kind === 'private' ? (
        <>
          {heading}
          <EmptyState icon={LockOutlinedIcon} title={t('people.profile.private')} body={t('people.profile.privateBody')} />
        </>
      ) : state.kind === 'missing' ? (
        <>
          {heading}
          <EmptyState icon={PersonOffOutlinedIcon} title={t('people.profile.missing')} body={t('people.profile.missingBody')} />
        </>
      ) : (
        <>
          <ProfileHeader
            profile={state.profile}
            actions={
              p.isMe ? (
                <Button component={RouterLocaleLink} to="/profile" variant="outlined">
                  {t('people.profile.mine')}
                </Button>
              ) : (
                <>
                  {!p.blocked && <MessagePersonButton userId={state.profile.id} name={state.profile.name} />}
                  <Button
                    variant={p.blocked ? 'contained' : 'outlined'}
                    color={p.blocked ? 'primary' : 'error'}
                    startIcon={<BlockIcon />}
                    onClick={p.askBlock}
                    data-testid={p.blocked ? 'unblock-user' : 'block-user'}
                  >
                    {p.blocked ? t('people.block.unblock') : t('people.block.block')}
                  </Button>
                </>
              )
            }
          />
          {p.blocked ? (
            <EmptyState
              icon={BlockIcon}
              title={t('people.block.blockedTitle', { name: state.profile.name })}
              body={t('people.block.blockedBody')}
            />
          ) : (
            <>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
                {t('people.profile.posts')}
              </Typography>
              <PostList query={posts} label={t('people.profile.posts')} emptyTitle={t('people.profile.noPosts')} />
            </>
          )}
          <ConfirmDialog
            open={p.confirming}
            title={
              p.blocked
                ? t('people.block.unblockTitle', { name: state.profile.name })
                : t('people.block.blockTitle', { name: state.profile.name })
            }
            body={p.blocked ? t('people.block.unblockBody') : t('people.block.blockBody')}
            confirmLabel={p.blocked ? t('people.block.unblock') : t('people.block.block')}
            destructive={!p.blocked}
            onConfirm={() => void p.confirmBlock()}
            onClose={p.closeConfirm}
            pending={p.busy}
          />
        </>
      )}
    </ProfileLayout>
  );
}
