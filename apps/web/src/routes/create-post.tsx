import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../app/locale-hooks';
import { Composer } from '../features/posts/components/composer';
import { PageFrame } from '../components/page-frame';

/** /create-post: the composer on its own page; once posted, to the tribe's posts or the feed. */
export default function CreatePostPage() {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  return (
    <PageFrame title={t('pages.createPost')}>
      <Composer
        label={t('pages.createPost')}
        onPosted={(post) => navigate(post.tribe ? `/tribes/${encodeURIComponent(post.tribe.slug)}?tab=posts` : '/home')}
      />
    </PageFrame>
  );
}
