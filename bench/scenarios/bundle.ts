import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { noLoadMeasurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';
import { ensureWebDist, WEB_DIST } from '../lib/web.js';

const dist = WEB_DIST;
const BUDGET_KB = 200;

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

/**
 * The web bundle: gzip size of the JS and CSS that /sign-in's HTML loads up front (the entry and
 * its modulepreloads), with the sign-in page chunk, and the largest route chunk. Budget: the
 * initial JS of /sign-in under 200 KB gzip.
 */
export const bundle: Scenario = {
  name: 'bundle',
  description: `web bundle gzip sizes (budget: initial JS of /sign-in < ${BUDGET_KB} KB)`,
  async run() {
    ensureWebDist();
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    const js = refs.filter((f) => f.endsWith('.js'));
    const css = refs.filter((f) => f.endsWith('.css'));
    const initialJs = js.reduce((a, f) => a + gz(f), 0);
    const initialCss = css.reduce((a, f) => a + gz(f), 0);
    const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const signIn = assets.find((f) => /^sign-in-[\w-]+\.js$/.test(f));
    const signInChunk = signIn ? gz(`assets/${signIn}`) : NaN;
    const routeChunks = assets.filter((f) => !js.includes(`assets/${f}`)).map((f) => ({ f, kb: gz(`assets/${f}`) }));
    const largest = routeChunks.sort((a, b) => b.kb - a.kb)[0];
    const verdict = initialJs < BUDGET_KB ? 'within' : 'OVER';
    console.log(
      `\n    /sign-in initial JS ${initialJs.toFixed(1)} KB gzip (${verdict} the ${BUDGET_KB} KB budget), CSS ${initialCss.toFixed(1)} KB; sign-in page chunk ${signInChunk.toFixed(1)} KB; largest lazy chunk ${largest?.f} ${largest?.kb.toFixed(1)} KB`,
    );
    return noLoadMeasurement(
      this.name,
      this.description,
      '/sign-in',
      `initial_js_kb_gzip=${initialJs.toFixed(1)} initial_css_kb_gzip=${initialCss.toFixed(1)} sign_in_chunk_kb_gzip=${signInChunk.toFixed(1)} largest_chunk=${largest?.f ?? '-'} largest_chunk_kb_gzip=${largest?.kb.toFixed(1) ?? '-'} budget_200kb=${verdict}`,
    );
  },
};
