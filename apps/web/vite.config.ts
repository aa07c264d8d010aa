import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contractForBrowser } from './contract-for-browser';
import { precompress } from './precompress';
import { sharedAlias } from './shared-alias';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/media', '/broadcasting', '/app'];
const APP_SHARED = /apps[\\/]web[\\/]src[\\/](components|lib|features)[\\/]/;
const FEATURE = /apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;
/** Infrastructure the panel features share (issue 38.1 moved it out of them): chunked with them, as before. */
const PANEL_INFRA =
  /apps[\\/]web[\\/]src[\\/](?:lib[\\/](?:offline|realtime|push)[\\/]|components[\\/]offline[\\/]|(?:lib[\\/](?:membership|money-format|post-time|public-config|session[\\/]use-my-tribes|session[\\/]use-primary-tribe)|components[\\/](?:page-frame|local-money))\.tsx?$)/;
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

/** The SPA: built into apps/web/dist, which the server serves with an SPA fallback. */
export default defineConfig(({ command }) => ({
  plugins: [
    // React's Fast Refresh patches React's renderer, which Preact is not: an edit was "hot updated" and
    // the page kept the old code. Without it the dev server reloads the page on an edit.
    react({ refreshExclude: /./ }),
    contractForBrowser(),
    // The service worker (sw/sw.ts) built into dist/sw.js with the shell's precache list; registered by
    // the app after load (app/service-worker.ts). The manifest is the server's (/manifest.webmanifest, per language).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell, the icons and all the app's code (about 700 KB compressed, once per version; an update
        // fetches only the chunks that changed), so every page opens offline, even one never opened online.
        // Not the Firebase sign-in client: signing in needs the network anyway.
        globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
        globIgnores: ['**/firebase-client-*'],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: [
      ...Object.entries(sharedAlias).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? [{ find: 'react-router', replacement: REACT_ROUTER_PRODUCTION }] : []),
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
              name: (id) => (LOCALE_FILE.exec(id) ?? SERVER_MESSAGES.exec(id))?.[1] ?? null,
              test: (id) => LOCALE_FILE.test(id) || SERVER_MESSAGES.test(id),
              priority: 30,
            },
            // Everything the entry needs before the first render, in the entry chunk (no modulepreload chain).
            { name: 'shell', tags: ['$initial'], priority: 20 },
            // The MUI components the pages load later, together (about 75 KB gzip, cached for a year).
            { name: 'mui', test: /node_modules[\\/](@mui|@popperjs|react-transition-group)[\\/]/, priority: 10 },
            // Small app modules that two pages or more share (page frame, skeletons, forms, api hooks);
            // not the map (Leaflet) nor the realtime client, which stay where only their pages load them.
            // One chunk per feature (and one for components and lib): a chunk of every feature made the
            // sign-in page download and run the posts, tribes, learning and money code and build the
            // schemas of all their contracts.
            {
              name: (id) => {
                if (PANEL_INFRA.test(id)) return 'app-panel';
                const feature = FEATURE.exec(id)?.[1];
                return feature && PANEL_FEATURES.has(feature) ? 'app-panel' : `app-${feature ?? 'common'}`;
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
