import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contractForBrowser } from './contract-for-browser';
import { precompress } from './precompress';
import { serverMessagesForBrowser } from './server-messages-for-browser';
import { sharedAlias } from './shared-alias';
import { isGuestMessages } from './src/lib/guest-messages';
import { READING_CODE_FILE, shellPrecache, type FirstLoadPage } from './shell-precache';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/media', '/broadcasting', '/app'];
const APP_SHARED = /apps[\\/]web[\\/]src[\\/](components|lib|features)[\\/]/;
const FEATURE = /apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;
/** Infrastructure the panel features share (issue 38.1 moved it out of them): chunked with them, as before. */
const PANEL_INFRA =
  /apps[\\/]web[\\/]src[\\/](?:lib[\\/](?:offline|realtime|push)[\\/]|components[\\/]offline[\\/]|(?:lib[\\/](?:membership|money-format|post-time|session[\\/]use-my-tribes|session[\\/]use-primary-tribe)|components[\\/](?:page-frame|local-money))\.tsx?$)/;
const LOCALE_FILE = /apps[\\/]web[\\/]src[\\/](?:.+[\\/])?locales[\\/](en|ar|fr|he|es)\.json$/;
// The server's messages in a language (lib/server-messages.ts); English is also the key list of the
// validation rules, so it stays with them rather than pulling the English interface messages along.
const SERVER_MESSAGES = /packages[\\/]shared[\\/]src[\\/]i18n[\\/](ar|fr|he|es)\.ts$/;
// The features every signed-in page loads together (the panel layout's bell, the feed, the tribes with
// their campaigns, courses and treasury reach one another): one chunk rather than one each, so a panel
// page fetches and preloads a handful of chunks instead of some thirty, for the same code.
const PANEL_FEATURES = new Set([
  'posts',
  'tribes',
  'money',
  'treasury',
  'learning',
  'invites',
  'tribe-home',
  'realtime',
  'push',
  'offline',
]);
// What the app shows offline on any page, loaded lazily (a notice, a page not saved): precached with the shell.
const OFFLINE_PARTS = /apps[\\/]web[\\/]src[\\/](?:components[\\/]snackbar[\\/]top-snackbar|app[\\/]page-not-saved)\.tsx$/;
/**
 * The pages a signed-out first visit opens (issue 42: /sign-in within 150 KB of JavaScript): the MUI components
 * and the common code they import are chunked apart from the rest, so they load what they draw, not what
 * every other page does.
 */
const GUEST_PAGES =
  /apps[\\/]web[\\/]src[\\/]routes[\\/](?:sign-in|sign-up|get-started|forgot-password|reset-password|verify-otp)\.tsx$/;
function importersOf(ctx: ChunkingContext, id: string, onUse: boolean): readonly string[] {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  return onUse ? [...info.importers, ...info.dynamicImporters] : info.importers;
}
/**
 * Whether a module is imported (through static imports, and with `onUse` dynamic ones too) by one of `roots`, remembered per module for the build.
 * What a set of pages reaches is closed under static imports: a module reached imports only modules reached, so
 * chunks named by it never import a chunk of the modules not reached (no chunk cycle).
 */
function reachedFrom(roots: RegExp, onUse = false): (id: string, ctx: ChunkingContext) => boolean {
  const reached = new Map<string, boolean>();
  return (id, ctx) => {
    const known = reached.get(id);
    if (known !== undefined) return known;
    const seen = new Set([id]);
    const queue = [id];
    let found = false;
    while (queue.length > 0 && !found) {
      const current = queue.shift()!;
      if (roots.test(current) || reached.get(current) === true) found = true;
      else if (current === id || !reached.has(current))
        for (const importer of importersOf(ctx, current, onUse))
          if (!seen.has(importer)) {
            seen.add(importer);
            queue.push(importer);
          }
    }
    // Not reached: neither is anything it was reached from (each of them was walked up to its roots).
    if (found) reached.set(id, true);
    else for (const walked of seen) reached.set(walked, false);
    return found;
  };
}
/**
 * Whether a guest page imports a module. The parts shown offline on any page (a guest page's too) are precached
 * with the shell's code alone: what they draw must be in what a guest page loads (a signed-out /sign-in reloaded
 * offline showed the error screen when the notice's MUI parts were in the signed-in pages' chunk).
 */
const reachedByGuestPage = reachedFrom(new RegExp(`${GUEST_PAGES.source}|${OFFLINE_PARTS.source}`));
/**
 * /sign-in's own: its form is not react-hook-form's (lib/light-form.ts), so the account feature's modules it
 * imports are chunked apart from the other account forms' (which import react-hook-form, 14 KB).
 */
const reachedBySignIn = reachedFrom(/apps[\\/]web[\\/]src[\\/]routes[\\/]sign-in\.tsx$/);
/**
 * The signed-in pages a first visit opens most (issue 42: /home within 250 KB of JavaScript) with the signed-in
 * frame, and the tribe page: the MUI components and panel features they draw are chunked apart from those of the
 * other signed-in pages (dialogs, pickers, tables...), so /home loads what it draws, and a tribe page that and a
 * chunk of its own, shared with the other reading pages (a course, a lesson), which loaded every chunk without.
 */
const HOME = /apps[\\/]web[\\/]src[\\/](?:routes[\\/]home|app[\\/]layouts[\\/]pannel-layout)\.tsx$/;
const reachedByHome = reachedFrom(HOME);
/** What /home loads after its first render or on a tap (the composer's form, a post's comments, its dialogs). */
const reachedByHomeOnUse = reachedFrom(HOME, true);
const reachedByTribePage = reachedFrom(
  /apps[\\/]web[\\/]src[\\/]routes[\\/](?:tribe-detail|tribe-view|learning-course|learning-lesson)\.tsx$/,
);
/**
 * A chunk's name for a module of the signed-in pages: `home` for what /home draws and loads on a tap, `tribe` for
 * what a tribe page draws besides, else `more`.
 */
function byPage(id: string, ctx: ChunkingContext, home: string, tribe: string, more: string): string {
  if (reachedByHome(id, ctx) || reachedByHomeOnUse(id, ctx)) return home;
  return reachedByTribePage(id, ctx) ? tribe : more;
}
const MUI = /node_modules[\\/](@mui|@popperjs|react-transition-group)[\\/]/;
const POPPER = /node_modules[\\/](?:@mui[\\/]material[\\/]esm[\\/](?:Tooltip|Popper)[\\/]|@popperjs[\\/])/;
const NOT_SHARED = /(map-base|world-base-layer|cluster-group|tribes-map|location-picker|echo-client)\.tsx?$/;

// React Router's package sends every bundler its development build (its warnings and checks); a
// build for users takes the production one it ships beside it.
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Preact in React's place (decision 028): React's DOM renderer is about 200 KB of the entry's 560 (some 50 KB
 * compressed) and most of its start; preact/compat gives the same API, React 19's included (`use`, refs as
 * props), in about 10 KB. The component tests run on React with Testing Library (vitest.config.ts does not
 * read this file); the browser journeys (e2e/) run on what users get. Not conditioned on VITEST: Vitest sets
 * it in its process, so e2e's global setup, which builds the app in a child process, would build React.
 */
const REACT_AS_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * i18n-lite in i18next's and react-i18next's place (decision 029): the API subset the app and the shared
 * translator use, in a few KB instead of some 54 KB of the entry (about 15 KB compressed), and no i18next start.
 * In the build only (users' and the e2e journeys'); the dev server, the component tests and the server keep
 * the libraries, and src/lib/i18n-lite/i18n-lite.test.ts checks both answer the same for every message.
 */
const I18N_LITE = [
  { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/lib/i18n-lite/core.ts', import.meta.url)) },
  { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/lib/i18n-lite/react.tsx', import.meta.url)) },
];

// The pages a member reads offline (issue 17): their code is fetched ahead for a signed-in member (issue 42).
const READING_PAGES = /apps[\\/]web[\\/]src[\\/]routes[\\/](home|tribe-detail|tribe-view|learning-course|learning-lesson)\.tsx$/;
/** The signed-out pages a first visit opens: their code is asked for with the entry (shell-precache.ts FirstLoad). */
const FIRST_LOAD_PAGES: FirstLoadPage[] = [
  'sign-in',
  'sign-up',
  'get-started',
  'forgot-password',
  'reset-password',
  'verify-otp',
].map((name) => ({ module: new RegExp(`apps[\\\\/]web[\\\\/]src[\\\\/]routes[\\\\/]${name}\\.tsx$`), path: `^/${name}/?$` }));
const codeSets = shellPrecache(READING_PAGES, OFFLINE_PARTS, FIRST_LOAD_PAGES);

/** The SPA: built into apps/web/dist, which the server serves with an SPA fallback. */
export default defineConfig(({ command }) => ({
  plugins: [
    // React's Fast Refresh patches React's renderer, which Preact is not: an edit was "hot updated" and
    // the page kept the old code. Without it the dev server reloads the page on an edit.
    react({ refreshExclude: /./ }),
    contractForBrowser(),
    serverMessagesForBrowser(),
    codeSets.plugin,
    // The service worker (sw/sw.ts) built into dist/sw.js with the shell's precache list; registered by
    // the app after load (app/service-worker.ts). The manifest is the server's (/manifest.webmanifest, per language).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell only (issue 42): index.html, the icons, the entry chunk with its static imports and CSS, and
        // the list of the reading pages' code. The rest of the code is cached as it is used (the language and the
        // page a first visit loaded included, from the HTTP cache), and the reading pages' code is fetched ahead
        // for a signed-in member whose data saver is off (sw/sw.ts, decision 027). It was every chunk of the app:
        // 2.4 MB, 147 files, on the data plan of a visitor who may never sign in.
        globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}', READING_CODE_FILE],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || codeSets.sets.shell.has(entry.url)),
            warnings: [],
          }),
        ],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: [
      ...Object.entries(sharedAlias).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? [{ find: 'react-router', replacement: REACT_ROUTER_PRODUCTION }, ...I18N_LITE] : []),
      ...REACT_AS_PREACT,
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: on a phone each request costs a round trip, and a page used to wait
        // for about a hundred chunks under 2 KB (one per MUI component, icon and shared helper).
        codeSplitting: {
          groups: [
            // A language's messages (the app's and every feature's) in one chunk, loaded before the first render.
            {
              // The signed-in features' messages apart ('en-more'...): loaded with the first page that is not a guest page.
              name: (id) => {
                const language = LOCALE_FILE.exec(id)?.[1];
                if (language) return isGuestMessages(id) ? language : `${language}-more`;
                return SERVER_MESSAGES.exec(id)?.[1] ?? null;
              },
              test: (id) => LOCALE_FILE.test(id) || SERVER_MESSAGES.test(id),
              priority: 30,
            },
            // Everything the entry needs before the first render, in the entry chunk (no modulepreload chain).
            { name: 'shell', tags: ['$initial'], priority: 20 },
            // What /home loads after its first render or on a tap and shares with other code (the composer's form
            // and the comments' field, their MUI parts), one chunk: the MUI parts and the app's had a chunk each of
            // 2-3 KB. Not a hint's tooltip (mui-popper, below), wanted far less often.
            {
              name: (id, ctx) =>
                reachedByGuestPage(id, ctx) || reachedByHome(id, ctx) || POPPER.test(id) || !reachedByHomeOnUse(id, ctx)
                  ? null
                  : 'home-later',
              test: (id) => MUI.test(id) || (APP_SHARED.test(id) && !NOT_SHARED.test(id)),
              minShareCount: 2,
              maxModuleSize: 20_000,
              includeDependenciesRecursively: false,
              priority: 11,
            },
            // The MUI components the pages load later: those the signed-out pages (sign-in, sign-up...) draw in
            // one chunk, those /home and the signed-in frame draw in a second ('mui', 25 KB compressed), a tribe
            // page's others in a third, all the others (dialogs, menus, pickers, tables...) in a fourth: /home
            // loaded every signed-in page's components (49 KB).
            {
              name: (id, ctx) => {
                if (reachedByGuestPage(id, ctx)) return 'mui-guest';
                // A hint's tooltip (components/hint.tsx loads it when wanted) on its own, not with every other page's.
                if (POPPER.test(id) && !reachedByHome(id, ctx)) return 'mui-popper';
                return byPage(id, ctx, 'mui', 'mui-tribe', 'mui-more');
              },
              test: MUI,
              // Each module where its name says (by default a chunk takes its modules' imports along).
              includeDependenciesRecursively: false,
              priority: 10,
            },
            // TanStack Query's hooks the pages use (useQuery, useInfiniteQuery, their observers): one chunk, not
            // four of 0.1-2.6 KB.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 8 },
            // Small app modules that two pages or more share (page frame, skeletons, forms, api hooks);
            // not the map (Leaflet) nor the realtime client, which stay where only their pages load them.
            // One chunk per feature (and one for components and lib): a chunk of every feature made the
            // sign-in page download and run the posts, tribes, learning and money code and build the
            // schemas of all their contracts. Issue 42's third pass: what /home and a tribe page draw apart.
            {
              name: (id, ctx) => {
                const feature = FEATURE.exec(id)?.[1];
                const panel = PANEL_INFRA.test(id) || (feature !== undefined && PANEL_FEATURES.has(feature));
                if (!panel && feature === 'auth' && reachedBySignIn(id, ctx)) return 'app-sign-in';
                if (!panel && reachedByGuestPage(id, ctx)) return feature ? `app-${feature}` : 'app-common';
                // What /home and a tribe page draw in a chunk each (the features /home draws with the panel's),
                // the rest of the signed-in pages' code in the chunks of old.
                const more = panel ? 'app-panel-more' : feature ? `app-${feature}` : 'app-shared-more';
                return byPage(id, ctx, panel || feature ? 'app-panel' : 'app-shared', 'app-tribe', more);
              },
              test: (id) => APP_SHARED.test(id) && !NOT_SHARED.test(id),
              minShareCount: 2,
              maxModuleSize: 20_000,
              includeDependenciesRecursively: false,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: false, ws: p === '/app' }])),
  },
}));
