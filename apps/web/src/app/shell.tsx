import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../components/page-skeleton';
import { LoadingBar } from '../components/loading-bar/loading-bar';
import { SkipLink } from '../components/shell/skip-link';
import { NoticeHost } from '../components/snackbar/notice-host';

/** The default layout around every page: skip link, page-loading bar, top snackbar. */
export function Shell() {
  return (
    <>
      <SkipLink />
      <LoadingBar />
      <NoticeHost />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
}
