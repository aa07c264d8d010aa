import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FatalErrorBoundary } from './error-boundary';
import { PageSkeleton } from '../components/page-skeleton';
import { LoadingBar } from '../components/loading-bar/loading-bar';
import { SkipLink } from '../components/shell/skip-link';
import { NoticeHost } from '../components/snackbar/notice-host';

/** The default layout around every page: skip link, page-loading bar, top snackbar. */
export function Shell() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink />
      <LoadingBar />
      <NoticeHost />
      {/* Keyed by path: after an error on one page, the next navigation starts clean. */}
      <FatalErrorBoundary key={pathname}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </FatalErrorBoundary>
    </>
  );
}
