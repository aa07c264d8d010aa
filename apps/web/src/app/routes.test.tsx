import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LocaleStrategy } from './config';
import { routePrefixes, routePrefixOf } from './locale-routing';
import { buildRoutes, pageAt, pageLoadsAt, ROUTE_TABLE } from './routes';

const STRATEGIES: LocaleStrategy[] = ['no_prefix', 'prefix_except_default', 'prefix_and_default'];

/** Each route tree built once: building one per path made these tests outlast the timeout on a loaded machine. */
const trees = new Map<string, ReturnType<typeof buildRoutes>>();
function routesFor(strategy: LocaleStrategy, prefix?: string) {
  const key = `${strategy} ${prefix ?? '(all)'}`;
  let tree = trees.get(key);
  if (!tree) trees.set(key, (tree = buildRoutes(strategy, prefix)));
  return tree;
}

/** What a match means: each matched route's path (or index) and the params. */
function matched(strategy: LocaleStrategy, pathname: string, prefix?: string) {
  const matches = matchRoutes(routesFor(strategy, prefix), pathname) ?? [];
  return matches.map((m) => ({ path: m.route.path ?? (m.route.index ? '(index)' : '(layout)'), params: m.params }));
}

describe('routePrefixOf', () => {
  it('names the one locale prefix a path can match under each strategy', () => {
    expect(routePrefixOf('/ar/home', 'prefix_except_default')).toBe('/ar');
    expect(routePrefixOf('/ar', 'prefix_except_default')).toBe('/ar');
    expect(routePrefixOf('/home', 'prefix_except_default')).toBe('');
    expect(routePrefixOf('/', 'prefix_except_default')).toBe('');
    // English has no prefix under prefix_except_default: "/en/home" is looked up as an unprefixed path.
    expect(routePrefixOf('/en/home', 'prefix_except_default')).toBe('');
    expect(routePrefixOf('/en/home', 'prefix_and_default')).toBe('/en');
    expect(routePrefixOf('/ar/home', 'no_prefix')).toBe('');
  });
});

describe('buildRoutes for one prefix', () => {
  // Matching against the tree of all prefixes costs ~30 ms a path (React Router ranks every branch on each call),
  // so each strategy is a test of its own with room for a loaded machine.
  it.each(STRATEGIES)(
    'matches every page under every %s prefix exactly as the tree of all prefixes does',
    (strategy) => {
      const paths = ROUTE_TABLE.flatMap(({ entries }) => entries.map(([path]) => `/${path.replace(/:id|:code|:token/g, 'x1')}`));
      paths.push('/no-such-page', '/tribes/x1/nothing', '/en/home', '/ar/no-such-page');
      let compared = 0;
      for (const prefix of routePrefixes(strategy)) {
        for (const path of paths) {
          const pathname = `${prefix}${path === '/' && prefix ? '' : path}`;
          const one = matched(strategy, pathname, routePrefixOf(pathname, strategy));
          expect(one, `${strategy} ${pathname}`).toEqual(matched(strategy, pathname));
          expect(one.length, `${strategy} ${pathname}`).toBeGreaterThan(1);
          // The tree the app gives the router: the prefix's root with only the page pageAt finds for the path.
          const alone = matchRoutes(
            buildRoutes(strategy, routePrefixOf(pathname, strategy), pageAt(pathname, strategy)),
            pathname,
          );
          expect(
            (alone ?? []).map((m) => ({ path: m.route.path ?? (m.route.index ? '(index)' : '(layout)'), params: m.params })),
            `${strategy} ${pathname} alone`,
          ).toEqual(one);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(ROUTE_TABLE.length);
    },
    60_000,
  );

  it('leaves out the other locales’ pages', () => {
    const roots = (prefix?: string) => buildRoutes('prefix_except_default', prefix)[0]!.children!.map((r) => r.path);
    expect(roots()).toEqual(['/', '/ar', '/fr', '/he', '/es']);
    expect(roots('/ar')).toEqual(['/ar']);
  });
});

describe('pageLoadsAt', () => {
  /** The loaders React Router's own match reaches (layout's, then page's) in the tree the app builds for the path's prefix. */
  const routerLoads = (strategy: LocaleStrategy, pathname: string) =>
    (matchRoutes(routesFor(strategy, routePrefixOf(pathname, strategy)), pathname) ?? [])
      .map((m) => (m.route.handle as { load?: () => Promise<unknown> } | undefined)?.load)
      .filter(Boolean);

  it('finds the layout and page the router matches, for every page under every prefix and strategy', () => {
    const paths = ROUTE_TABLE.flatMap(({ entries }) => entries.map(([path]) => `/${path.replace(/:id|:code|:token/g, 'x1')}`));
    paths.push(
      '/no-such-page',
      '/tribes/x1/nothing',
      '/en/home',
      '/ar/no-such-page',
      '/HOME',
      '/tribes/x1/',
      '/tribes/campaign/x1',
    );
    let pages = 0;
    for (const strategy of STRATEGIES) {
      for (const prefix of routePrefixes(strategy)) {
        for (const path of paths) {
          const pathname = `${prefix}${path === '/' && prefix ? '' : path}`;
          const loads = pageLoadsAt(pathname, strategy);
          expect(loads, `${strategy} ${pathname}`).toEqual(routerLoads(strategy, pathname));
          if (loads.length > 0) pages += 1;
        }
      }
    }
    // Most paths are pages with a chunk of their own (public layouts have none; unknown paths none at all).
    expect(pages).toBeGreaterThan(ROUTE_TABLE.length * 20);
  });
});
