import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { membershipFlags } from '../../../lib/membership';
import { NewPostsBanner } from './new-posts-banner';
import { postKeys, useTribePosts } from '../api';
import { OutboxPosts } from '../../../components/offline/outbox-posts';
import { Composer } from './composer';
import { PostList } from './post-list';

/** The tribe page's posts tab: a composer for members, then the tribe's posts. */
export function TribePostsPanel({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const posts = useTribePosts(tribe.id);
  const { isMember } = membershipFlags(tribe);
  // Members hear the tribe's channel (the server lets only them in): new posts are announced as on /home.
  const live = useMemo(() => ({ ids: [tribe.id], feedKey: postKeys.tribe(tribe.id) }), [tribe.id]);
  return (
    <Stack spacing={2}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {t('posts.tribe.title')}
      </Typography>
      {isMember && <NewPostsBanner tribeIds={live.ids} feedKey={live.feedKey} />}
      {isMember && <Composer fixedTribe={{ id: tribe.id }} label={t('posts.tribe.compose', { name: tribe.name })} />}
      {isMember && <OutboxPosts tribeId={tribe.id} />}
      <PostList
        query={posts}
        label={t('posts.tribe.title')}
        emptyIcon={ForumOutlinedIcon}
        emptyTitle={t('posts.tribe.empty')}
        emptyBody={isMember ? t('posts.tribe.emptyMember') : undefined}
      />
    </Stack>
  );
}
