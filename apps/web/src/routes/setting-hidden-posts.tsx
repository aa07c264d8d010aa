import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useHiddenPosts } from '../features/posts/api';
import { PostList } from '../features/posts/components/post-list';

/** /setting/hidden-posts: the posts I hid, each with a way to show it again. */
export default function HiddenPostsPage() {
  const { t } = useTranslation();
  const q = useHiddenPosts();
  return (
    <SettingsFrame titleKey="pages.hiddenPosts">
      <PostList
        query={q}
        label={t('pages.hiddenPosts')}
        keep={(p) => p.hidden}
        showHidden
        emptyIcon={VisibilityOffOutlinedIcon}
        emptyTitle={t('posts.hidden.empty')}
        emptyBody={t('posts.hidden.emptyBody')}
      />
    </SettingsFrame>
  );
}
