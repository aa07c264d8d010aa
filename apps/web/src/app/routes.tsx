import { lazy, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { isChunkLoadError } from './chunk-reload';
import { LOCALE_STRATEGY, type LocaleStrategy } from './config';
import { Guard } from './guard';
import type { GuardKind } from './guards';
import { sessionStore, useSession } from '../lib/session/session-store';
import {
  CustomFooterImageLessLayout,
  CustomFooterLessLayout,
  CustomLayout,
  MainLayout,
  VisitorLayout,
} from './layouts/public-layout';
import { LocaleRoot } from './locale-root';
import { loadMemberMessages } from './i18n';
import { setNavigator } from './navigation';
import { routePrefixes, routePrefixOf } from './locale-routing';
import { Shell } from './shell';

type Page = LazyExoticComponent<ComponentType>;
type Entry = [path: string, guard: GuardKind, page: Page];

type Load = () => Promise<unknown>;
/** The loader behind each lazy page or layout, so the first page's code can be fetched before it renders. */
const loaders = new WeakMap<object, Load>();

// The signed-in layout is loaded with the first panel page, not with the public pages.
const loadPannelLayout = () => Promise.all([import('./layouts/pannel-layout'), loadMemberMessages()]).then(([m]) => m);
const PannelLayout = lazy(() => loadPannelLayout().then((m) => ({ default: m.PannelLayout })));
loaders.set(PannelLayout, loadPannelLayout);

/**
 * The layout of the pages a shared link opens (a campaign, the public ledger): the panel for a signed-in
 * member, as every panel page; the public shell (header with sign-in, footer) for a signed-out visitor,
 * who reads the page (its API is public) and is asked to sign in only to act (issue 37.4).
 */
function OpenLayout() {
  return useSession().isLoggedIn ? <PannelLayout /> : <VisitorLayout />;
}
// Its code: the panel's chunk for a member; a visitor's shell is in the first load already.
loaders.set(OpenLayout, () => (sessionStore.get().isLoggedIn ? loadPannelLayout() : Promise.resolve()));

/**
 * A page whose code this device never loaded, opened offline (the service worker keeps code as it is used):
 * "not saved for offline" in its place, not the error screen; any other failure is thrown as before.
 */
const orNotSavedOffline = (load: () => Promise<{ default: ComponentType }>) => (): Promise<{ default: ComponentType }> =>
  load().catch((error: unknown) => {
    if (navigator.onLine || !isChunkLoadError(error)) throw error;
    return import('./page-not-saved').catch(() => {
      throw error;
    });
  });

// Every page is its own chunk (React.lazy), so the first load carries only the shell and one page.
const guestPage = (load: () => Promise<{ default: ComponentType }>): Page => {
  const page = lazy(orNotSavedOffline(load));
  loaders.set(page, load);
  return page;
};
/** A page that is not a guest page: its code and the signed-in features' messages (app/i18n.ts), both before it renders. */
const p = (load: () => Promise<{ default: ComponentType }>): Page =>
  guestPage(() => Promise.all([load(), loadMemberMessages()]).then(([page]) => page));

/** Specification section 2, route by route, grouped by layout. Paths are relative to the locale prefix. */
export const ROUTE_TABLE: { layout: string; element: ComponentType; entries: Entry[] }[] = [
  { layout: 'main', element: MainLayout, entries: [['', 'public', p(() => import('../routes/landing'))]] },
  {
    layout: 'custom',
    element: CustomLayout,
    entries: [
      ['sign-in', 'guest', guestPage(() => import('../routes/sign-in'))],
      // Not in the specification's list: where an OpenID Connect sign-in lands with its token (DESIGN 10.2).
      ['sign-in/complete', 'public', guestPage(() => import('../routes/sign-in-complete'))],
      ['get-started', 'guest', guestPage(() => import('../routes/get-started'))],
    ],
  },
  {
    layout: 'custom-footer-less',
    element: CustomFooterLessLayout,
    entries: [
      ['sign-up', 'guest', guestPage(() => import('../routes/sign-up'))],
      ['forgot-password', 'guest', guestPage(() => import('../routes/forgot-password'))],
      ['reset-password', 'reset-password', guestPage(() => import('../routes/reset-password'))],
      ['verify-otp', 'verify-otp', guestPage(() => import('../routes/verify-otp'))],
      ['role-selection', 'role-selection', p(() => import('../routes/role-selection'))],
      ['tribe-selection', 'tribe-selection', p(() => import('../routes/tribe-selection'))],
      ['register-village', 'register-village', p(() => import('../routes/register-village'))],
    ],
  },
  {
    layout: 'custom-footer-image-less',
    element: CustomFooterImageLessLayout,
    entries: [
      ['contact', 'public', p(() => import('../routes/contact'))],
      ['feedback', 'public', p(() => import('../routes/feedback'))],
      ['privacy_policy', 'public', p(() => import('../routes/privacy-policy'))],
      // Not in the specification's list: the public verification of a course certificate (DESIGN section 5).
      ['certificates/:id', 'public', p(() => import('../routes/certificate'))],
      // Not in the specification's list: an invite link's public page (DESIGN 10.5).
      ['invite/:code', 'public', p(() => import('../routes/invite'))],
      ['unsubscribe/:token', 'public', p(() => import('../routes/unsubscribe'))],
    ],
  },
  {
    layout: 'pannel',
    element: PannelLayout,
    entries: [
      ['home', 'auth', p(() => import('../routes/home'))],
      ['explore', 'auth', p(() => import('../routes/explore'))],
      // Not in the specification's list: one search over people, posts, tribes and events (DESIGN 11.5).
      ['search', 'auth', p(() => import('../routes/search'))],
      ['create-post', 'auth', p(() => import('../routes/create-post'))],
      ['donate', 'auth', p(() => import('../routes/donate'))],
      ['map', 'auth', p(() => import('../routes/map'))],
      ['profile', 'auth', p(() => import('../routes/profile'))],
      ['tribe', 'auth', p(() => import('../routes/tribe'))],
      ['tribes', 'auth', p(() => import('../routes/tribes'))],
      ['user-profile/:id', 'auth', p(() => import('../routes/user-profile'))],
      ['tribes/:id', 'auth', p(() => import('../routes/tribe-detail'))],
      ['tribes/campaign/:id', 'auth', p(() => import('../routes/tribe-campaign'))],
      ['tribes/campaign/create/:id', 'auth', p(() => import('../routes/tribe-campaign-create'))],
      ['tribes/setting/:id', 'auth', p(() => import('../routes/tribe-setting'))],
      ['tribes/setting/leader/:id', 'auth', p(() => import('../routes/tribe-setting-leader'))],
      ['tribe/learning-center/assessment/:id', 'auth', p(() => import('../routes/learning-assessment'))],
      ['tribe/learning-center/course/:id', 'auth', p(() => import('../routes/learning-course'))],
      ['tribe/learning-center/lesson/:id', 'auth', p(() => import('../routes/learning-lesson'))],
      // Not in the specification's list: events at villages (DESIGN 11.3).
      ['events', 'auth', p(() => import('../routes/events'))],
      ['events/:id', 'auth', p(() => import('../routes/event'))],
      // Not in the specification's list: conversations (DESIGN 11.4).
      ['messages', 'auth', p(() => import('../routes/messages'))],
      ['messages/:id', 'auth', p(() => import('../routes/messages'))],
      ['setting/blocked-users', 'auth', p(() => import('../routes/setting-blocked-users'))],
      ['setting/change-password', 'auth', p(() => import('../routes/setting-change-password'))],
      ['setting/crypto_wallet', 'auth', p(() => import('../routes/setting-crypto-wallet'))],
      ['setting/edit-profile', 'auth', p(() => import('../routes/setting-edit-profile'))],
      ['setting/favourite-posts', 'auth', p(() => import('../routes/setting-favourite-posts'))],
      ['setting/hidden-posts', 'auth', p(() => import('../routes/setting-hidden-posts'))],
      ['setting/language', 'auth', p(() => import('../routes/setting-language'))],
      // Not in the specification's list: a member's moderation notices and appeals (DESIGN 11.2).
      ['setting/moderation', 'auth', p(() => import('../routes/setting-moderation'))],
      ['setting/passkeys', 'auth', p(() => import('../routes/setting-passkeys'))],
      ['setting/personal-setting', 'auth', p(() => import('../routes/setting-personal-setting'))],
      ['setting/privacy_policy', 'auth', p(() => import('../routes/setting-privacy-policy'))],
      ['setting/privacy-setting', 'auth', p(() => import('../routes/setting-privacy-setting'))],
      ['setting/sign-in-methods', 'auth', p(() => import('../routes/setting-sign-in-methods'))],
      ['setting/two-factor', 'auth', p(() => import('../routes/setting-two-factor'))],
      ['setting/wallet', 'auth', p(() => import('../routes/setting-wallet'))],
      // Not in the specification's list: the operators' console (DESIGN 11.2); the server refuses anyone else.
      ['admin', 'auth', p(() => import('../routes/admin'))],
      ['admin/users', 'auth', p(() => import('../routes/admin-users'))],
      ['admin/users/:id', 'auth', p(() => import('../routes/admin-user'))],
      ['admin/reports', 'auth', p(() => import('../routes/admin-reports'))],
      ['admin/appeals', 'auth', p(() => import('../routes/admin-appeals'))],
      ['admin/tribes', 'auth', p(() => import('../routes/admin-tribes'))],
      ['admin/audit', 'auth', p(() => import('../routes/admin-audit'))],
      // Not in the specification's list: where the sandbox payment provider sends the payer (DESIGN section 5).
      ['checkout/sandbox/:id', 'auth', p(() => import('../routes/checkout-sandbox'))],
    ],
  },
  {
    // Panel pages of the specification that a shared link opens for anyone: in the panel when signed in,
    // in the public shell when not (OpenLayout). Giving asks a visitor to sign in, then comes back.
    layout: 'pannel',
    element: OpenLayout,
    entries: [
      ['tribes/campaign/detail/:id', 'public', p(() => import('../routes/tribe-campaign-detail'))],
      ['tribes/campaign/donate/:id', 'public', p(() => import('../routes/tribe-campaign-donate'))],
      // The tribe's public ledger (DESIGN section 5 names the API only); linked from the campaigns pages.
      ['tribes/ledger/:id', 'public', p(() => import('../routes/tribe-ledger'))],
    ],
  },
];

const NotFound = lazy(() => import('../routes/not-found'));

/** One page of ROUTE_TABLE: its layout's row and its entry there. */
type PageAt = { layout: (typeof ROUTE_TABLE)[number]; entry: Entry };

/**
 * The pages under one locale prefix: each layout with its guarded pages, and the not-found page. With `only`,
 * that page alone in its layout (none for `null`: a path no page matches), and the not-found page.
 */
export function pageRoutes(only?: PageAt | null): RouteObject[] {
  const table = only === undefined ? ROUTE_TABLE : only === null ? [] : [{ element: only.layout.element, entries: [only.entry] }];
  const layouts: RouteObject[] = table.map(({ element: Layout, entries }) => ({
    element: <Layout />,
    handle: { load: loaders.get(Layout) },
    children: entries.map(([path, guard, Page]) => ({
      ...(path === '' ? { index: true } : { path }),
      handle: { load: loaders.get(Page) },
      element: (
        <Guard kind={guard}>
          <Page />
        </Guard>
      ),
    })),
  }));
  return [...layouts, { path: '*', element: <NotFound /> }];
}

/**
 * The whole route tree for a locale strategy: the shell, then one locale root per URL prefix, or only
 * the root of `prefix` when given (the router then ranks and matches one locale's pages, not all five's),
 * and, with `only` (pageAt's answer for the path shown), only that page's route under it.
 */
export function buildRoutes(strategy: LocaleStrategy = LOCALE_STRATEGY, prefix?: string, only?: PageAt | null): RouteObject[] {
  const children = pageRoutes(only);
  const prefixes = prefix === undefined ? routePrefixes(strategy) : [prefix];
  return [{ element: <Shell />, children: prefixes.map((p) => ({ path: p || '/', element: <LocaleRoot />, children })) }];
}

/**
 * The page a path shows (its layout's row and its entry), found in ROUTE_TABLE without React Router: its
 * matchRoutes builds, flattens, ranks and compiles every route first, the largest part of the first preload's
 * and the first render's time on a phone. Static segments are matched without regard to case, a `:param`
 * takes any one segment, and the entry with the most static segments wins, as the router ranks them
 * (routes.test.tsx checks the answer against matchRoutes for every page under every locale strategy; no two
 * entries of the table tie today). Null when no page matches (the not-found page).
 */
export function pageAt(pathname: string, strategy: LocaleStrategy = LOCALE_STRATEGY): PageAt | null {
  const rest = pathname.slice(routePrefixOf(pathname, strategy).length).replace(/^\/+|\/+$/g, '');
  const segments = rest ? rest.split('/') : [];
  let found: PageAt | null = null;
  let best = -1;
  for (const layout of ROUTE_TABLE) {
    for (const entry of layout.entries) {
      const parts = entry[0] ? entry[0].split('/') : [];
      if (parts.length !== segments.length) continue;
      let statics = 0;
      const fits = parts.every((part, i) => {
        if (part.startsWith(':')) return segments[i] !== '';
        statics += 1;
        return part.toLowerCase() === segments[i]!.toLowerCase();
      });
      if (fits && statics > best) {
        best = statics;
        found = { layout, entry };
      }
    }
  }
  return found;
}

/** The loaders of the layout and the page a path shows (the layout's first). */
export function pageLoadsAt(pathname: string, strategy: LocaleStrategy = LOCALE_STRATEGY): Load[] {
  const page = pageAt(pathname, strategy);
  if (!page) return [];
  return [loaders.get(page.layout.element), loaders.get(page.entry[2])].filter((load): load is Load => load !== undefined);
}

/**
 * Starts fetching the code of the page at a path (its layout's and its own chunks) all at once,
 * while the messages load, rather than one after the other as the first render suspends on each.
 * A chunk that fails here is fetched again, and reported, when the page renders.
 */
export function preloadRoute(pathname: string, strategy: LocaleStrategy = LOCALE_STRATEGY): void {
  for (const load of pageLoadsAt(pathname, strategy)) load().catch(() => undefined);
}

/**
 * The app's routes, rendered inside a <BrowserRouter> (or <MemoryRouter> in tests). The declarative
 * router is used rather than createBrowserRouter: the pages load no data through the router, and
 * it keeps the data router's code out of the first load.
 */
export function AppRoutes({ strategy = LOCALE_STRATEGY }: { strategy?: LocaleStrategy }) {
  // React Router flattens, ranks and compiles every route on each match: with five locale prefixes of
  // some 55 pages that was most of its time on the first render. Only the current prefix's are given, and
  // of them only the page the path shows (pageAt; the router still reads its params), so each match is cheap.
  const { pathname } = useLocation();
  const prefix = routePrefixOf(pathname, strategy);
  const { layout, entry } = pageAt(pathname, strategy) ?? {};
  const routes = useMemo(
    () => buildRoutes(strategy, prefix, layout && entry ? { layout, entry } : null),
    [strategy, prefix, layout, entry],
  );
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return useRoutes(routes);
}
