import { lazy, Suspense } from 'react';
import { useStore } from '../../lib/external-store';
import { noticeStore } from './notice-store';

const TopSnackbar = lazy(() => import('./top-snackbar'));

/** Mounts the snackbar with the first notice, so its code is not part of the first page load. */
export function NoticeHost() {
  const { id } = useStore(noticeStore);
  if (id === 0) return null;
  return (
    <Suspense fallback={null}>
      <TopSnackbar />
    </Suspense>
  );
}
