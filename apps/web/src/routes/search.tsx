import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { SearchPanel } from '../features/search/components/search-panel';

/** /search?q=&type=: people, posts, tribes and events matching a word (DESIGN 11.5). */
export default function SearchPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('search.title')}>
      <SearchPanel />
    </PageFrame>
  );
}
