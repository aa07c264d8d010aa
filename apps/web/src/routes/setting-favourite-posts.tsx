import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { useTranslation } from 'react-i18next';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useFavouritePosts } from '../features/posts/api';
import { PostList } from '../features/posts/components/post-list';

/** /setting/favourite-posts: the posts I kept; un-favouriting takes one off at once. */
export default function FavouritePostsPage() {
  const { t } = useTranslation();
  const q = useFavouritePosts();
  return (
    <SettingsFrame titleKey="pages.favouritePosts">
      <PostList
        query={q}
        label={t('pages.favouritePosts')}
        keep={(p) => p.favourited}
        emptyIcon={BookmarkBorderIcon}
        emptyTitle={t('posts.favourites.empty')}
        emptyBody={t('posts.favourites.emptyBody')}
      />
    </SettingsFrame>
  );
}
