import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';
import type { StoredMail } from './mail-sink';

export const PASSWORD = 'a long enough passphrase';
export const baseUrl = () => inject('baseUrl');

/** Connects to the run's one Chromium. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('wsEndpoint'));
}

/**
 * The test file's connection to the run's Chromium, closed after the file's tests: a file's browser in
 * one line (`const browser = await useBrowser();` at the top of the file).
 */
export async function useBrowser(): Promise<Browser> {
  const browser = await connectBrowser();
  afterAll(async () => browser.close());
  return browser;
}

/**
 * A fresh context (cookies, storage), with the server as base URL unless told another. The service worker
 * is blocked unless `worker` asks for it: installing it (its precache, and a member's reading pages' code
 * ahead) in each new context is work the journeys do not test and a loaded 2-core machine pays for; the
 * worker's own journeys (offline, installable, code-cache) ask for it.
 */
export function newContext(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; baseURL?: string; worker?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: options.worker ? 'allow' : 'block',
  });
}

/** A short random tag that keeps names made by parallel tests apart. */
export const suffix = () => randomBytes(2).toString('hex');

/** Calls the API as a user and answers its data, throwing on any status of 300 or more. */
export async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** The fields of a new tribe (POST /v1/tribes). */
export interface TribeFields {
  name: string;
  region: string;
  lat: number;
  lng: number;
  visibility: 'open' | 'request';
  description?: string;
}

/** Creates a tribe through the API as a leader (throwing unless it is created) and answers it. */
export async function createTribeViaApi(leader: { token: string }, fields: TribeFields) {
  const { tribe } = await call<{ tribe: { id: string; slug: string; name: string } }>('POST', '/v1/tribes', leader.token, fields);
  return tribe;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now()}.${randomBytes(3).toString('hex')}@example.test`;
}

function mails(): StoredMail[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail);
}

/** Waits for the n-th mail (1-based) to an address. */
export async function waitForMail(to: string, count = 1, timeoutMs = 10_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = mails().filter((m) => m.to === to.toLowerCase());
    if (list.length >= count) return list[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} (got ${list.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code of the n-th mail to an address. */
export async function codeFor(to: string, count = 1): Promise<string> {
  const mail = await waitForMail(to, count);
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail to ${to}`);
  return match[1]!;
}

async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export interface ApiUser {
  email: string;
  password: string;
  token: string;
  user: { id: string; name: string; profile: { last_step: string | null } };
}

/** Signs a user up through the API (register → mailed code → verify), optionally choosing a role or the email. */
export async function signUpViaApi(
  options: { role?: 'member' | 'leader' | 'supporter'; name?: string; email?: string } = {},
): Promise<ApiUser> {
  const email = options.email ?? uniqueEmail('api');
  const reg = await api('POST', '/v1/auth/register', {
    name: options.name ?? 'Api Person',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  if (reg.status !== 201) throw new Error(`register: ${JSON.stringify(reg.body)}`);
  const code = await codeFor(email);
  const verified = await api<{ data: { auth_token: string; user: ApiUser['user'] } }>('POST', '/v1/auth/email/otp/verify', {
    email,
    code,
    purpose: 'email-verification',
  });
  let user = verified.body.data.user;
  if (options.role) {
    const res = await api<{ data: { user: ApiUser['user'] } }>(
      'PUT',
      '/v1/me/role',
      { role: options.role },
      verified.body.data.auth_token,
    );
    user = res.body.data.user;
  }
  return { email, password: PASSWORD, token: verified.body.data.auth_token, user };
}

/** Revokes a token from the server side, as another device signing out would. */
export async function logoutViaApi(token: string): Promise<void> {
  const res = await api('POST', '/v1/auth/logout', {}, token);
  if (res.status !== 200) throw new Error(`logout: ${res.status}`);
}

/** Puts a session into localStorage before the app starts (DESIGN section 8 shape). */
export async function seedSession(context: BrowserContext, session: Record<string, unknown>): Promise<void> {
  await context.addInitScript(
    (value) => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.localStorage.setItem('auth', value);
        window.sessionStorage.setItem('seeded', '1');
      }
    },
    JSON.stringify({ errors: {}, resetPassword: false, userSignUpData: null, ...session }),
  );
}

/** Signs a context in as an API user. */
export async function signInContext(context: BrowserContext, u: ApiUser): Promise<void> {
  await seedSession(context, { accessToken: u.token, userData: u.user, isLoggedIn: true });
}

/** Waits until the app rendered the page's main heading. */
export async function ready(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[data-testid="page-skeleton"]'));
}

/** The page is up and its lists loaded: no list skeleton left, nor any of the `others` (e.g. 'map-skeleton'). */
export async function settled(page: Page, others: string[] = []): Promise<void> {
  await ready(page);
  const selector = ['list-skeleton', ...others].map((id) => `[data-testid="${id}"]`).join(', ');
  await page.waitForFunction((sel) => !document.querySelector(sel), selector);
}

/** axe: no serious or critical violation, and headings in order. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A fading snackbar or dialog is half transparent: axe would measure a blend, not the page.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // The top snackbar is transient: it may start its exit while axe reads the page, which then measures
  // a half-transparent blend. Its colours are checked where they are set (apps/web theme.test.ts).
  // Legacy mode runs axe once in the page instead of opening a blank page per check to merge the frames'
  // results, and only violations are reported: a check takes a third of the time, the same rules on the
  // same nodes. Same-origin frames are included; cross-origin ones (a lesson's video player, Firebase's
  // auth helper) are the provider's pages, not the app's, and are left out.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .exclude('[data-testid="snackbar"]')
    .analyze();
  // Heading order is only "moderate" to axe, but Lighthouse's accessibility score counts it, and a skipped
  // level misleads whoever moves through a page by its headings.
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order');
  const summary = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(summary, `${label}: axe violations`).toEqual([]);
}

/** The message of the top snackbar. */
export function snackbar(page: Page) {
  return page.getByTestId('snackbar');
}

/**
 * From the next document of `page` on: the layout shifts not caused by input, summed as Cumulative Layout
 * Shift adds them up (read with `layoutShift`). Something arriving above others must not move them.
 */
export async function trackLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed on the current document since it loaded (see `trackLayoutShifts`). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifted: number }).shifted);
}

/** A journey of the browser suites: its language, its path prefix, its direction and its screen width. */
export interface Journey {
  locale: 'en' | 'ar';
  prefix: string;
  dir: 'ltr' | 'rtl';
  width: number;
}

/** A money call with its Idempotency-Key (the shared helper sends none). */
export async function moneyCall<T>(path: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
