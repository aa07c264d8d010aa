import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { startFirebaseEmulator, type FirebaseEmulator } from '../apps/server/test/firebase-emulator';
import { startTribesServer, type TribesServer } from './support/tribes-server';
import { expectAccessible, ready } from './support/helpers';

/**
 * Firebase sign-in in Chromium against the Firebase Authentication emulator (offline, project demo-tribes,
 * started once for the file by apps/server/test/firebase-emulator.ts) and a Tribes server of its own
 * configured for it (IDENTITY_PROVIDERS google and phone), serving the run's built web app.
 *
 * Google through the emulator's provider page is not driven here: the SDK's popup and redirect flows load
 * gapi from https://apis.google.com even against the emulator, and these tests run offline.
 */
const PROJECT = 'demo-tribes';

let temp = '';
let emulator: FirebaseEmulator | undefined;
let emulatorHost = '';
let server: TribesServer | undefined;
let base = '';
let browser: Browser;

async function startServer(): Promise<void> {
  server = await startTribesServer({
    dataDir: path.join(temp, 'data'),
    webDir: inject('webDir'),
    env: { ...emulator!.env, IDENTITY_PROVIDERS: 'google,phone' },
  });
  base = server.baseUrl;
}

/** The emulator's REST API as the project owner. */
async function emulatorCall<T>(pathName: string, body: unknown): Promise<T> {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/${pathName}`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathName}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The SMS code the emulator "sent" to a number (its REST API lists every code). */
async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${PROJECT}/verificationCodes`);
    const { verificationCodes = [] } = (await res.json()) as { verificationCodes?: { phoneNumber: string; code: string }[] };
    const found = verificationCodes.filter((c) => c.phoneNumber === phone).at(-1);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** Polls with room for a loaded machine (expect.poll's own default is one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

const randomPhone = () => `+1650555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

async function newContext(locale = 'en-US', width = 1280): Promise<BrowserContext> {
  return browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale, reducedMotion: 'reduce' });
}

/** The stored Tribes session (DESIGN section 8: localStorage `auth`). */
async function storedUser(page: Page): Promise<{ id: string; phone: string | null; email: string | null } | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('auth');
    return raw
      ? ((JSON.parse(raw) as { userData: { id: string; phone: string | null; email: string | null } | null }).userData ?? null)
      : null;
  });
}

/** Phone sign-in through the dialog: number, the emulator's SMS code, verify. */
async function phoneSignIn(page: Page, phone: string): Promise<void> {
  // The /sign-in budget (issue 13): the Firebase SDK and the WebAuthn library load only when a method is picked.
  // Each script's body is read as it arrives; the libraries are known by what only they contain.
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') bodies.push(r.text().catch(() => ''));
  });
  const loaded = async (marker: string) => (await Promise.all(bodies)).some((body) => body.includes(marker));
  await page.goto('/sign-in');
  await ready(page);
  await page.getByTestId('firebase-phone').waitFor();
  expect(await loaded('identitytoolkit.googleapis.com')).toBe(false);
  expect(await loaded('PublicKeyCredential')).toBe(false);
  await page.getByTestId('firebase-phone').click();
  await expect.poll(() => loaded('identitytoolkit.googleapis.com')).toBe(true);
  await page.getByTestId('phone-number').fill(phone);
  await page.getByTestId('phone-submit').click();
  const code = await smsCode(phone);
  await page.getByTestId('phone-code').fill(code);
  await page.getByTestId('phone-submit').click();
}

beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'tribes-firebase-e2e-'));
  emulator = await startFirebaseEmulator(PROJECT);
  emulatorHost = emulator.host;
  await startServer();
  browser = await chromium.connect(inject('wsEndpoint'));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await emulator?.stop();
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('Firebase sign-in (Auth emulator)', () => {
  it('signs up with a phone number and an SMS code, onboarding continues; a disabled user is signed out', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    onTestFailed(() => console.log(logs.join('\n')));
    const phone = randomPhone();
    await phoneSignIn(page, phone);
    await page.waitForURL(/\/role-selection$/, { timeout: 60_000 });
    const user = await storedUser(page);
    expect(user?.phone).toBe(phone);
    expect(user?.email).toBeNull();

    // The settings page: the phone method, which is the only one (its removal is disabled with the reason).
    await page.goto('/setting/sign-in-methods');
    await poll(() => page.getByTestId('method-firebase').count()).toBe(1);
    await poll(() => page.getByTestId('remove-method').isDisabled()).toBe(true);
    expect(await page.getByTestId('last-method-note').isVisible()).toBe(true);
    expect(await page.getByTestId('no-email-note').isVisible()).toBe(true);
    await expectAccessible(page, 'en sign-in methods');

    // In Arabic, right to left, on a 360 px phone: nothing wider than the screen, axe clean.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/ar/setting/sign-in-methods');
    await poll(() => page.getByTestId('method-firebase').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'ar sign-in methods');

    // Disabled at the identity service: when the user comes back to the tab, Tribes signs them out, with the reason.
    const { users } = await emulatorCall<{ users: { localId: string }[] }>('accounts:lookup', { phoneNumber: [phone] });
    await emulator!.setDisabled(users[0]!.localId, true);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await poll(() => storedUser(page)).toBeNull();
    await poll(() => ['/', '/ar'].includes(new URL(page.url()).pathname)).toBe(true);
    await poll(() => page.getByText('تم تعطيل هذا الحساب، وتم تسجيل خروجك.').count()).toBe(1);
    await context.close();
  }, 240_000);
});
