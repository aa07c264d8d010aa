import DynamicFeedOutlinedIcon from '@mui/icons-material/DynamicFeedOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../components/locale-link';
import { useFeed } from '../features/posts/api';
import { Composer } from '../features/posts/components/composer';
import { PageFrame } from '../components/page-frame';
import { PostList } from '../features/posts/components/post-list';
import { OutboxPosts } from '../components/offline/outbox-posts';
import { NewPostsBanner } from '../features/posts/components/new-posts-banner';
import { HomeAside } from './tribe-home/home-aside';
import { UpcomingEvents } from '../features/events/components/next-events';

/**
 * /home: a composer, then the feed (my tribes' posts and public posts, newest first) with infinite scroll;
 * on wide screens my tribes, tribes to discover and my next events beside it.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const feed = useFeed();
  return (
    <PageFrame
      title={t('pages.home')}
      asideLabel={t('tribeHome.home.label')}
      aside={
        <>
          {/* First, at a fixed height: the aside's lists below grow as they load and then move nothing. */}
          <UpcomingEvents />
          <HomeAside />
        </>
      }
    >
      <Composer label={t('posts.composer.title')} />
      <NewPostsBanner />
      <OutboxPosts />
      <PostList
        query={feed}
        label={t('posts.feed.label')}
        emptyIcon={DynamicFeedOutlinedIcon}
        emptyTitle={t('posts.feed.empty')}
        emptyBody={t('posts.feed.emptyBody')}
        after={
          feed.isSuccess && !feed.hasNextPage ? (
            <Button component={RouterLocaleLink} to="/explore" sx={{ alignSelf: 'center' }}>
              {t('posts.feed.explore')}
            </Button>
          ) : null
        }
      />
    </PageFrame>
  );
}
