import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorScreen } from '../components/error-screen/error-screen';

/** An unknown path: 'Page not found' plus the path (specification section 2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <ErrorScreen status={404} message={t('errorScreen.pageNotFound', { path: pathname })} />;
}
