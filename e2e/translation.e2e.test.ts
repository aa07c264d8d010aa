import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLibreTranslate } from '../apps/server/test/libretranslate-stand-in';
import { startMailSink } from './support/mail-sink';
import { startTribesServer, type TribesServer } from './support/tribes-server';
import {
  PASSWORD,
  codeFor,
  expectAccessible,
  newContext,
  ready,
  seedSession,
  suffix,
  uniqueEmail,
  useBrowser,
} from './support/helpers';

/**
 * Translation in Chromium (DESIGN 11.5) against a Tribes server of its own, configured with
 * TRANSLATE_PROVIDER=libretranslate and the server tests' stand-in that speaks LibreTranslate's API
 * (it answers "[es] <text>"; a text holding FAIL gets a 500), so the run needs no network.
 */

const browser = await useBrowser();

const FRENCH = 'Le fest-noz aura lieu samedi soir à la salle des fêtes du village, venez nombreux avec vos instruments';

let provider: Awaited<ReturnType<typeof startLibreTranslate>> | undefined;
let server: TribesServer | undefined;
let sink: Awaited<ReturnType<typeof startMailSink>> | undefined;
let temp = '';

beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'tribes-translation-'));
  // Mail goes into the run's mail folder, where codeFor reads the sign-up codes (the addresses are unique).
  sink = await startMailSink(inject('mailDir'));
  provider = await startLibreTranslate();
  server = await startTribesServer({
    dataDir: path.join(temp, 'data'),
    webDir: inject('webDir'),
    env: { SMTP_URL: sink.url, TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: provider.url },
  });
});

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await provider?.close();
  rmSync(temp, { recursive: true, force: true });
});

async function api<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server!.baseUrl}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Signs a user up on this file's server (register → mailed code → verify → role). */
async function signUp(name: string, role: 'leader' | 'member') {
  const email = uniqueEmail('translate');
  await api('POST', '/v1/auth/register', { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  const code = await codeFor(email);
  const verified = await api<{ auth_token: string }>('POST', '/v1/auth/email/otp/verify', {
    email,
    code,
    purpose: 'email-verification',
  });
  const { user } = await api<{ user: unknown }>('PUT', '/v1/me/role', { role }, verified.auth_token);
  return { token: verified.auth_token, user };
}

describe('translation (DESIGN 11.5)', () => {
  it('es: a French post is translated for a Spanish reader ("Traducido del francés"), and the original shown again; a provider failure says so with a retry; axe clean', async () => {
    const tag = suffix();
    const gwenn = await signUp(`Gwenn ${tag}`, 'leader');
    const lucia = await signUp(`Lucía ${tag}`, 'member');
    const { tribe } = await api<{ tribe: { id: string } }>(
      'POST',
      '/v1/tribes',
      { name: `Breizh ${tag}`, region: 'Bretagne', lat: 48.1, lng: -3.2, visibility: 'open' },
      gwenn.token,
    );
    await api('POST', `/v1/tribes/${tribe.id}/join`, {}, lucia.token);
    const { post } = await api<{ post: { id: string; lang: string | null } }>(
      'POST',
      '/v1/posts',
      { body: `${FRENCH} ${tag}`, visibility: 'public' },
      gwenn.token,
    );
    expect(post.lang).toBe('fr');
    await api('POST', '/v1/posts', { body: `${FRENCH} FAIL ${tag}`, visibility: 'public' }, gwenn.token);

    const ctx = await newContext(browser, { locale: 'es', baseURL: server!.baseUrl });
    ctx.setDefaultTimeout(20_000);
    await seedSession(ctx, { accessToken: lucia.token, userData: lucia.user, isLoggedIn: true });
    const page = await ctx.newPage();
    try {
      await page.goto('/es/home');
      await ready(page);
      const card = page.locator('[data-testid="post-card"]', { hasText: `${FRENCH} ${tag}` });
      await card.getByTestId('translate-button').click();
      await expect.poll(() => card.getByTestId('translated-text').textContent()).toContain(`[es] ${FRENCH}`);
      expect(await card.getByTestId('translated-note').textContent()).toContain('Traducido del francés');
      const asked = () => provider!.calls.filter((c) => c.q.includes(`${FRENCH} ${tag}`));
      expect(asked()).toHaveLength(1);
      expect(asked()[0]).toMatchObject({ source: 'fr', target: 'es' });
      await expectAccessible(page, 'es /home with a translated post');

      await card.getByTestId('show-original').click();
      expect(await card.getByTestId('translated-text').count()).toBe(0);
      expect(await card.getByTestId('post-body').textContent()).toContain(FRENCH);
      expect(await card.getByTestId('post-body').textContent()).not.toContain('[es]');
      // Shown again without asking the provider: the translation was kept.
      await card.getByRole('button', { name: 'Ver la traducción' }).click();
      await card.getByTestId('translated-text').waitFor();
      expect(asked()).toHaveLength(1);

      // The provider fails on another post: a clear message in Spanish, with a retry, and no error screen.
      const failing = page.locator('[data-testid="post-card"]', { hasText: `FAIL ${tag}` });
      await failing.getByTestId('translate-button').click();
      const alert = failing.getByTestId('translate-unavailable');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('La traducción no está disponible ahora mismo');
      expect(await failing.getByRole('button', { name: 'Reintentar' }).count()).toBe(1);
      await expectAccessible(page, 'es /home with a translation unavailable');
    } finally {
      await ctx.close();
    }
  });
});
