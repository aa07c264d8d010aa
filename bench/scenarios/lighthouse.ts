import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD, seedDemo } from '../../apps/server/src/seed/demo.js';
import { bootApp, expectStatus } from '../lib/app.js';
import { noLoadMeasurement } from '../lib/load.js';
import { cpuBlocking } from '../lib/trace-cpu.js';
import type { Scenario } from '../lib/scenario.js';
import { demoSession, ensureWebDist, WEB_DIST } from '../lib/web.js';

/** DESIGN section 9: performance at least 90 and accessibility 100 on sign-in, home and a tribe page. */
const BUDGET = { performance: 90, accessibility: 100 } as const;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/**
 * LIGHTHOUSE_PRESET=desktop audits with Lighthouse's desktop preset (no CPU slowdown, a fast network, a
 * desktop screen) for comparison; the default, and the budget's measure, is the mobile preset.
 */
const PRESET = process.env.LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile';
/**
 * The CPU slowdown (DESIGN 11.6). By default `calibrated`: the one Lighthouse's own CPU throttling calculator
 * gives for this host's benchmarkIndex (measured by a first Lighthouse pass before the audits), so the figure
 * stands for the preset's mid-tier phone whatever the machine. LIGHTHOUSE_CPU=fixed keeps the preset's own
 * slowdown (4x on mobile, calibrated for a host of about 1500 only); LIGHTHOUSE_CPU=n (or the older
 * LIGHTHOUSE_CPU_SLOWDOWN=n) audits with n.
 */
const CPU_MODE = process.env.LIGHTHOUSE_CPU ?? process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 'calibrated';
if (CPU_MODE !== 'calibrated' && CPU_MODE !== 'fixed' && !(Number(CPU_MODE) >= 1))
  throw new Error('LIGHTHOUSE_CPU: calibrated (the default), fixed, or a slowdown of at least 1 such as 4 or 10');
/** Where each run's report and trace are kept (git-ignored): LIGHTHOUSE_REPORT_DIR, else bench/results/lighthouse/<time>. */
const REPORT_DIR =
  process.env.LIGHTHOUSE_REPORT_DIR ??
  join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'lighthouse', new Date().toISOString().replace(/[:.]/g, '-'));

/**
 * The slowdown Lighthouse's CPU throttling calculator suggests for a host's benchmarkIndex to stand for its
 * mid-tier phone (lighthouse-cpu-throttling-calculator: 150 -> 1x, 800 -> 2x, 1300 -> 3x, then 1x more each 233,
 * so 4x at about 1533).
 */
export function suggestedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return Math.round((3 + (benchmarkIndex - 1300) / 233) * 10) / 10;
  if (benchmarkIndex >= 800) return Math.round((2 + (benchmarkIndex - 800) / 500) * 10) / 10;
  if (benchmarkIndex >= 150) return Math.round((1 + (benchmarkIndex - 150) / 650) * 10) / 10;
  return 1;
}

interface Scores {
  path: string;
  performance: number;
  accessibility: number;
  failing: string[];
  /** The performance metrics behind the score (ms; CLS unitless), to tell what to work on. */
  metrics: string;
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['speed-index', 'SI'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

/** A page audited: as a first visit (nothing cached, no service worker) or as a returning member. */
interface AuditedPage {
  name: string;
  path: string;
  visit: 'first' | 'returning';
  signedIn: boolean;
}

/**
 * Lighthouse (mobile preset unless LIGHTHOUSE_PRESET=desktop, simulated throttling, the calibrated CPU slowdown
 * unless LIGHTHOUSE_CPU says otherwise) on the built web app served by the real server with the demo data, each
 * page LIGHTHOUSE_RUNS times (median reported), in English and Arabic: /sign-in and an invite link as a first
 * visit (empty cache, no service worker: a person who taps a link in a chat), /home and a demo tribe's page as a
 * returning member signed in as a demo leader (the service worker installed, the session in localStorage, the
 * page opened once before: its code is kept as used).
 */
export const lighthouseScenario: Scenario = {
  name: 'lighthouse',
  description: `Lighthouse scores (${PRESET} preset, CPU ${CPU_MODE}) of /sign-in, an invite, /home and a tribe page in en and ar (budget: performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility})`,
  async run() {
    ensureWebDist();
    const bench = await bootApp({ WEB_DIST_DIR: WEB_DIST });
    try {
      await seedDemo(bench.app.ctx);
      const { session, token, firstTribeSlug, firstTribeId } = await demoSession(bench.baseUrl, DEMO_PASSWORD, expectStatus);
      const invite = (await expectStatus(
        `${bench.baseUrl}/api/v1/tribes/${firstTribeId}/invites`,
        { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' },
        201,
      )) as { data: { invite: { code: string } } };
      mkdirSync(REPORT_DIR, { recursive: true });

      const auditOnce = async (
        page: AuditedPage,
        slowdown: number | undefined,
        keep: boolean,
      ): Promise<Scores & { runtimeError?: string; benchmarkIndex: number }> => {
        // A browser of its own per run: one browser through nine runs lost its connection now and then
        // ("Session with given id not found"), and no run inherits another's caches or worker.
        const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
        const tab = await browser.newPage();
        try {
          if (page.visit === 'returning') {
            await tab.goto(`${bench.baseUrl}/sign-in`);
            // A returning visitor's phone: the service worker installed (its shell precache complete) and in
            // control. Left installing, it competes with the audited load and the scores swing by 15 points.
            // A worker that never installs would leave `ready` pending for ever: fail the scenario instead.
            await tab.evaluate(() =>
              Promise.race([
                navigator.serviceWorker.ready.then(() => undefined),
                new Promise<never>((_, reject) =>
                  setTimeout(() => reject(new Error('the service worker was not ready after 60 s')), 60_000),
                ),
              ]),
            );
            await tab.goto(`${bench.baseUrl}/sign-in`);
            await tab.evaluate(
              (value) => {
                if (value) window.localStorage.setItem('auth', value);
                else window.localStorage.removeItem('auth');
              },
              page.signedIn ? session : '',
            );
            // A returning member has opened the page before: the worker keeps code as it is used (issue 42,
            // decision 027), so the audited page's own code is in its cache, as on the member's phone.
            await tab.goto(`${bench.baseUrl}${page.path}`, { waitUntil: 'networkidle2' });
          }
          const result = await lighthouse(
            `${bench.baseUrl}${page.path}`,
            {
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              // A first visit starts from a browser that never saw the app; a returning one keeps its storage.
              disableStorageReset: page.visit === 'returning',
              ...(slowdown ? { throttling: { cpuSlowdownMultiplier: slowdown } } : {}),
            },
            PRESET === 'desktop' ? desktopConfig : undefined,
            tab,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
          const { categories, audits } = result.lhr;
          const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
          const failing = (categories.accessibility?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
            .map((ref) => ref.id);
          const metrics = METRICS.map(([id, label]) => {
            const v = audits[id]?.numericValue ?? 0;
            return `${label} ${id === 'cumulative-layout-shift' ? v.toFixed(3) : Math.round(v)}`;
          }).join(', ');
          const scripts = scriptKb(result.lhr.audits['network-requests']?.details);
          // The blocking time again, from the run's trace in CPU time: steadier than TBT on a shared machine.
          const used = result.lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
          const trace = result.artifacts.Trace as Parameters<typeof cpuBlocking>[0] | undefined;
          const cpu = trace ? cpuBlocking(trace, used) : undefined;
          const cpuMetrics = cpu
            ? `, TBT from CPU time ${cpu.blockingMs} (${cpu.longTasks} tasks; main thread ${cpu.cpuMs} ms of CPU)`
            : '';
          const benchmarkIndex = Math.round(result.lhr.environment.benchmarkIndex);
          const hostMetrics = `; JS ${scripts} KB on the wire; CPU slowdown ${used}x, host benchmarkIndex ${benchmarkIndex} (calibrated slowdown ${suggestedSlowdown(benchmarkIndex)}x)`;
          // Each run's report and trace are kept (gzip JSON) for a closer look: open the trace in Chromium's
          // Performance panel, the report in the Lighthouse viewer.
          if (keep) {
            const name = `${page.name}-${Date.now()}`;
            writeFileSync(join(REPORT_DIR, `${name}.report.json.gz`), gzipSync(JSON.stringify(result.lhr)));
            if (trace) writeFileSync(join(REPORT_DIR, `${name}.trace.json.gz`), gzipSync(JSON.stringify(trace)));
          }
          return {
            path: `${page.path} (${page.visit} visit)`,
            metrics: `${metrics}${cpuMetrics}${hostMetrics}`,
            performance: score('performance'),
            accessibility: score('accessibility'),
            failing,
            runtimeError: result.lhr.runtimeError?.code,
            benchmarkIndex,
          };
        } finally {
          await browser.close();
        }
      };

      // The calibration pass: one quick audit of /sign-in gives the host's benchmarkIndex (Lighthouse measures it
      // at the start of every run), and the calculator's slowdown for it is used for every audit after.
      let slowdown: number | undefined;
      if (CPU_MODE === 'calibrated' && PRESET === 'mobile') {
        const probe = await auditOnce(
          { name: 'calibration', path: '/sign-in', visit: 'first', signedIn: false },
          undefined,
          false,
        );
        slowdown = suggestedSlowdown(probe.benchmarkIndex);
        console.log(`\n    host benchmarkIndex ${probe.benchmarkIndex}: auditing with a ${slowdown}x CPU slowdown`);
      } else if (CPU_MODE !== 'calibrated' && CPU_MODE !== 'fixed') slowdown = Number(CPU_MODE);

      // Lighthouse now and then loses the trace (runtimeError NO_NAVSTART, every score 0): run that page again.
      const auditValid = async (page: AuditedPage, attempt = 1): Promise<Scores> => {
        const scores = await auditOnce(page, slowdown, true);
        if (scores.runtimeError && attempt < 3) return auditValid(page, attempt + 1);
        return scores;
      };
      // One run's score moves by several points from run to run on the same build; Lighthouse's advice is
      // the median of several runs (LIGHTHOUSE_RUNS, 3 by default): the run with the median performance.
      const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
      const audit = async (page: AuditedPage): Promise<Scores> => {
        const all: Scores[] = [];
        for (let i = 0; i < runs; i++) all.push(await auditValid(page));
        all.sort((a, b) => a.performance - b.performance);
        const median = all[Math.floor(all.length / 2)]!;
        return {
          ...median,
          metrics: `${median.metrics}; runs ${all.map((r) => r.performance).join('/')}`,
          // Accessibility does not vary with the machine: the worst run is the page's.
          accessibility: Math.min(...all.map((r) => r.accessibility)),
          failing: [...new Set(all.flatMap((r) => r.failing))],
        };
      };
      // LIGHTHOUSE_PAGES=home,tribe-ar (any of the names below, or a path audited signed in) audits only those.
      const tribePath = `/tribes/${encodeURIComponent(firstTribeSlug)}`;
      const invitePath = `/invite/${invite.data.invite.code}`;
      const pages: AuditedPage[] = (['en', 'ar'] as const).flatMap((locale) => {
        const prefix = locale === 'en' ? '' : `/${locale}`;
        const suffix = locale === 'en' ? '' : `-${locale}`;
        return [
          { name: `sign-in${suffix}`, path: `${prefix}/sign-in`, visit: 'first', signedIn: false },
          { name: `invite${suffix}`, path: `${prefix}${invitePath}`, visit: 'first', signedIn: false },
          { name: `home${suffix}`, path: `${prefix}/home`, visit: 'returning', signedIn: true },
          { name: `tribe${suffix}`, path: `${prefix}${tribePath}`, visit: 'returning', signedIn: true },
        ];
      });
      const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
      // A misspelt name would audit nothing and report the budget held: refuse it instead.
      const unknown = only?.filter((name) => !name.startsWith('/') && !pages.some((known) => known.name === name));
      if (unknown?.length || only?.length === 0)
        throw new Error(
          `LIGHTHOUSE_PAGES: unknown page ${unknown?.join(', ') || '(none given)'}; use ${pages.map((p) => p.name).join(', ')} or a path`,
        );
      const rows: Scores[] = [];
      for (const page of pages) if (!only || only.includes(page.name)) rows.push(await audit(page));
      for (const extra of only?.filter((name) => name.startsWith('/')) ?? [])
        rows.push(await audit({ name: extra.replace(/[^a-z0-9]+/gi, '_'), path: extra, visit: 'returning', signedIn: true }));
      for (const r of rows) {
        const ok = r.performance >= BUDGET.performance && r.accessibility >= BUDGET.accessibility;
        console.log(
          `\n    ${r.path}: performance ${r.performance} (${r.metrics}), accessibility ${r.accessibility} (${ok ? 'within' : 'OUTSIDE'} the budget)${r.failing.length ? `; failing accessibility audits: ${r.failing.join(', ')}` : ''}`,
        );
      }
      console.log(`\n    reports and traces: ${REPORT_DIR}`);
      const verdict = rows.every((r) => r.performance >= BUDGET.performance && r.accessibility >= BUDGET.accessibility);
      return noLoadMeasurement(
        this.name,
        this.description,
        rows.map((r) => r.path).join(' '),
        `${rows.map((r) => `${r.path} perf=${r.performance} a11y=${r.accessibility}`).join('; ')}; budget=${verdict ? 'within' : 'OUTSIDE'}`,
      );
    } finally {
      await bench.close();
    }
  },
};

/** Compressed bytes of the scripts the run loaded (Lighthouse's network log), KB. */
function scriptKb(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const bytes = items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return Math.round(bytes / 102.4) / 10;
}
