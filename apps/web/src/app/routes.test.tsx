import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LocaleStrategy } from './config';
import { routePrefixes, routePrefixOf } from './locale-routing';
import { buildRoutes, pageLoadsAt, ROUTE_TABLE } from './routes';

const STRATEGIES: LocaleStrategy[] = ['no_prefix', 'prefix_except_default', 'prefix_and_default'];

/** What a match means: each matched route's path (or index) and the params. */
function matched(strategy: LocaleStrategy, pathname: string, prefix?: string) {
  const matches = matchRoutes(buildRoutes(strategy, prefix), pathname) ?? [];
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
  it('matches every page, under every prefix and strategy, exactly as the tree of all prefixes does', () => {
    const paths = ROUTE_TABLE.flatMap(({ entries }) => entries.map(([path]) => `/${path.replace(/:id|:code|:token/g, 'x1')}`));
    paths.push('/no-such-page', '/tribes/x1/nothing', '/en/home', '/ar/no-such-page');
    let compared = 0;
    for (const strategy of STRATEGIES) {
      for (const prefix of routePrefixes(strategy)) {
        for (const path of paths) {
          const pathname = `${prefix}${path === '/' && prefix ? '' : path}`;
          const one = matched(strategy, pathname, routePrefixOf(pathname, strategy));
          expect(one, `${strategy} ${pathname}`).toEqual(matched(strategy, pathname));
          expect(one.length, `${strategy} ${pathname}`).toBeGreaterThan(1);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(ROUTE_TABLE.length * 5);
  });

  it('leaves out the other locales’ pages', () => {
    const roots = (prefix?: string) => buildRoutes('prefix_except_default', prefix)[0]!.children!.map((r) => r.path);
    expect(roots()).toEqual(['/', '/ar', '/fr', '/he', '/es']);
    expect(roots('/ar')).toEqual(['/ar']);
  });
});

describe('pageLoadsAt', () => {
  /** The loaders React Router's own match reaches (layout's, then page's). */
  const routerLoads = (strategy: LocaleStrategy, pathname: string) =>
    (matchRoutes(buildRoutes(strategy), pathname) ?? [])
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
