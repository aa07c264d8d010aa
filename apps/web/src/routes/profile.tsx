import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../components/locale-link';
import { useProfile } from '../features/people/api';
import { ProfileHeader } from '../features/people/components/profile-header';
import { ProfileLayout, ProfileSkeleton } from '../features/people/components/profile-layout';
import { useSession } from '../lib/session/session-store';
import { useUserPosts } from '../features/posts/api';
import { Composer } from '../features/posts/components/composer';
import { PostList } from '../features/posts/components/post-list';

/** /profile: my profile as others see it, and my posts. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const me = useSession().userData;
  const id = me?.id ?? '';
  const profile = useProfile(id);
  const posts = useUserPosts(id, Boolean(id));
  const state = profile.data;
  return (
    <ProfileLayout title={t('pages.profile')}>
      {state?.kind === 'ok' ? (
        <ProfileHeader
          profile={state.profile}
          actions={
            <>
              <Button component={RouterLocaleLink} to="/setting/edit-profile" variant="outlined" startIcon={<EditOutlinedIcon />}>
                {t('people.profile.edit')}
              </Button>
              <Button component={RouterLocaleLink} to="/setting/privacy-setting" startIcon={<LockOutlinedIcon />}>
                {t('people.profile.privacy')}
              </Button>
            </>
          }
        />
      ) : (
        <>
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            {me?.name ?? t('pages.profile')}
          </Typography>
          {profile.isPending && <ProfileSkeleton />}
        </>
      )}
      {/* Below the header once it has taken its place (its height depends on the bio): arriving, it would push
          them down. My posts are asked for at once all the same. */}
      {!profile.isPending && (
        <>
          <Composer label={t('posts.composer.title')} />
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {t('people.profile.myPosts')}
          </Typography>
          <PostList query={posts} label={t('people.profile.myPosts')} emptyTitle={t('people.profile.noMyPosts')} />
        </>
      )}
    </ProfileLayout>
  );
}
