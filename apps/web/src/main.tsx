import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { reloadOnceForChunkError } from './app/chunk-reload';
import { LOCALE_STRATEGY } from './app/config';
import { FatalErrorBoundary } from './app/error-boundary';
import { initI18n, loadMemberMessages } from './app/i18n';
import { resolveForVisitor } from './app/preferred-locale';
import { AppProviders, createQueryClient } from './app/providers';
import { appTheme } from './app/theme';
import { themeStore } from './app/theme-mode';
import { localeDir } from '@tribes/shared/locales';
import { AppRoutes, preloadRoute } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import { bindSessionToApi } from './app/session-binding';
import { captureInstallPrompt } from './lib/install-prompt';
import { expectMainContent, mainContentPainted } from './lib/main-content';
import { sessionStore } from './lib/session/session-store';
import { startOffline } from './lib/offline/start';
import { preparePostTimeFormats } from './lib/post-time';
import { startRealtime } from './lib/realtime/realtime-store';
import { stageStart } from './lib/staged';

// A chunk that vanished after a deploy: reload once per 10 s per path, else let the error screen show.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

captureInstallPrompt();

/**
 * Gives the main thread back between the steps of the start (a task each, not one long task), so a tap,
 * a scroll or a paint waits for one step at most: on a phone the whole start is several hundred ms.
 */
/** The pages whose main content is a list of posts: /home and a tribe's page. */
const FEED_PAGE = /^\/(home|tribes\/(?!campaign\/|setting\/|ledger\/)[^/]+)\/?$/;

/** How long after the first render `Staged` parts still wait for a task of their own (lib/staged.tsx). */
const START_STAGED_MS = 15_000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `work` once the page has painted and settled (after load, when the main thread is idle), so it never
 * competes with the first paint for the network or the CPU (issue 42).
 */
function afterFirstPaint(work: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(work, { timeout: 3000 }) : setTimeout(work, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

async function start() {
  bindSessionToApi();
  const { locale, path } = resolveForVisitor(window.location.pathname, LOCALE_STRATEGY);
  const queryClient = createQueryClient();
  // A feed's page (home, a tribe's): its first posts are drawn before the frame's extras (lib/main-content.ts).
  if (sessionStore.get().accessToken && FEED_PAGE.test(path)) expectMainContent();
  // A signed-in visitor's first data starts with the page, not after the messages and the first render.
  // (A chunk of its own: the contract's paths stay out of the entry, decision 021.)
  if (sessionStore.get().accessToken)
    void import('./app/first-queries').then(({ startFirstQueries }) => startFirstQueries(queryClient, path));
  // The messages are asked for before the page's code (a member's too: their first page is a signed-in one), so on a
  // slow link they arrive first and the frame is drawn while the page's code still downloads; asked after it, they
  // came last, behind some 25 chunks on six connections, and everything was drawn after the last byte (issue 42).
  if (sessionStore.get().accessToken) void loadMemberMessages();
  const messages = initI18n(locale);
  // Awaited below, after two tasks: a failure meanwhile is not reported as unhandled (it still stops the start there).
  messages.catch(() => undefined);
  await nextTask();
  // The page's code downloads while its messages do (not after the first render asks for it).
  preloadRoute(window.location.pathname);
  await nextTask();
  // In a task of its own, while the messages and the page's code download; only for a signed-in visitor, whose
  // first pages (home, a tribe) list posts: /sign-in and the landing page have none and would pay for nothing.
  if (sessionStore.get().accessToken) setTimeout(() => preparePostTimeFormats(locale), 0);
  // The theme too, in a task of its own while the messages download: it was a tenth of the first render's task.
  setTimeout(() => appTheme(themeStore.get(), localeDir(locale)), 0);
  await messages;
  await nextTask();
  // Specification section 4: the realtime connection follows the session (opened after login, closed on logout);
  // it opens and joins its channels once the page has painted (issue 42), not in the page's critical chain.
  afterFirstPaint(() => startRealtime());
  // Writes kept offline on this device are sent as soon as the network is back; reading kept offline is forgotten on logout.
  startOffline(queryClient);
  // The worker once the page's main content is drawn (a feed's first posts), not during it (issue 42).
  registerServiceWorker({ onFirstControl: () => void queryClient.invalidateQueries(), after: mainContentPainted() });
  await nextTask();
  // Under Preact a render is one task: the first tree is drawn in steps instead, each `Staged` part a task after
  // its parent (lib/staged.tsx), during the start's first seconds (a slow phone's whole start fits in them).
  stageStart(START_STAGED_MS);
  const root = createRoot(document.getElementById('root')!);
  // In a transition, React (the component tests' renderer) renders the first tree in slices of a few ms.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <FatalErrorBoundary>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </FatalErrorBoundary>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void start();
