import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FatalErrorBoundary } from './error-boundary';
import { PageSkeleton } from '../components/page-skeleton';
import { LoadingBar } from '../components/loading-bar/loading-bar';
import { OfflineBanner } from '../components/shell/offline-banner';
import { SkipLink } from '../components/shell/skip-link';
import { NoticeHost } from '../components/snackbar/notice-host';
import { ReauthHost } from '../features/reauth/reauth-host';
import { Staged } from '../lib/staged';

/** The default layout around every page: skip link, page-loading bar, offline notice, top snackbar, "Confirm it's you". */
export function Shell() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // After a client-side navigation: back to the top, and focus on the new page's content so a
    // screen reader starts there (the first load keeps the browser's own focus and position).
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      <Staged name="shell-extras">
        <SkipLink />
        <LoadingBar />
        <OfflineBanner />
        <NoticeHost />
        <ReauthHost />
      </Staged>
      {/* Keyed by path: after an error on one page, the next navigation starts clean. */}
      <FatalErrorBoundary key={pathname}>
        <Staged name="layout">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Staged>
      </FatalErrorBoundary>
    </>
  );
}
