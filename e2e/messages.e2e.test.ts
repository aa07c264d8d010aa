import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './support/global-setup';
import {
  baseUrl,
  call,
  createTribeViaApi,
  expectAccessible,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  suffix,
  type ApiUser,
} from './support/helpers';

/**
 * Messages (issue 41). This file launches its own Chromium: the run's shared one has no microphone, and
 * the voice note is recorded from Chromium's fake capture device (a beep), with the permission granted.
 */
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM.executablePath,
  args: [
    ...CHROMIUM.args,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
afterAll(async () => browser.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ApiMessage {
  id: string;
  body: string;
  sender: { id: string };
  attachments: { kind: string; duration_ms?: number; waveform?: number[] }[];
}

/** Two members of one tribe (so no request stands between them). */
async function pair(tag: string): Promise<[ApiUser, ApiUser]> {
  const [a, b] = await Promise.all([
    signUpViaApi({ role: 'leader', name: `נועה ${tag}` }),
    signUpViaApi({ role: 'member', name: `Omar ${tag}` }),
  ]);
  const tribe = await createTribeViaApi(a, { name: `Wadi ${tag}`, region: 'Negev', lat: 31.2, lng: 34.8, visibility: 'open' });
  await call('POST', `/v1/tribes/${tribe.id}/join`, b.token, {});
  return [a, b];
}

async function phone(u: ApiUser, locale = 'he-IL', worker = false): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, { width: 360, height: 740, locale, worker });
  ctx.setDefaultTimeout(20_000);
  await ctx.grantPermissions(['microphone'], { origin: baseUrl() });
  await signInContext(ctx, u);
  return { ctx, page: await ctx.newPage() };
}

const messages = (u: ApiUser, id: string) =>
  call<{ items: ApiMessage[] }>('GET', `/v1/conversations/${id}/messages?limit=50`, u.token).then((d) => d.items);

describe('messages (issue 41)', () => {
  it(
    'two members exchange text, a photo and a recorded voice note in Hebrew at 360 px, each seeing the other live',
    { timeout: 180_000 },
    async () => {
      const tag = suffix();
      const [a, b] = await pair(tag);
      const A = await phone(a);
      const B = await phone(b);
      try {
        // A opens B's profile and presses "Message": the direct conversation opens.
        await A.page.goto(`/he/user-profile/${b.user.id}`);
        await ready(A.page);
        expect(await A.page.locator('html').getAttribute('dir')).toBe('rtl');
        await A.page.getByTestId('message-person').click();
        await A.page.waitForURL(/\/he\/messages\/[0-9a-f-]{36}$/);
        const id = A.page.url().split('/').pop()!;
        await A.page.getByTestId('thread').waitFor();

        // B sees the conversation in the list and opens it.
        await B.page.goto('/he/messages');
        await ready(B.page);
        await B.page
          .getByTestId('conversation')
          .filter({ hasText: `נועה ${tag}` })
          .click();
        await B.page.waitForURL(new RegExp(`/he/messages/${id}$`));
        await B.page.getByTestId('message-input').waitFor();
        await expectAccessible(B.page, 'thread (he, 360 px)');

        // Text, both ways, live.
        const hello = `שלום עומר, מה שלומך? ${tag}`;
        await A.page.getByTestId('message-input').fill(hello);
        await A.page.getByTestId('message-input').press('Enter');
        await B.page.getByTestId('message-body').filter({ hasText: hello }).waitFor();
        const theirs = B.page.getByTestId('message').filter({ hasText: hello });
        expect(await theirs.getAttribute('data-mine')).toBe('false');
        await B.page.getByTestId('message-input').fill(`Fine, thanks! תודה ${tag}`);
        await B.page.getByTestId('message-send').click();
        await A.page
          .getByTestId('message-body')
          .filter({ hasText: `Fine, thanks! תודה ${tag}` })
          .waitFor();

        // A photo.
        await A.page.getByTestId('photo-input').setInputFiles({ name: 'wadi.png', mimeType: 'image/png', buffer: PNG });
        await A.page.getByTestId('message-send').click();
        await B.page.getByTestId('message-photo').waitFor();

        // A voice note, recorded from the fake microphone: a clear recording state, then stop.
        await A.page.getByTestId('voice-record').click();
        await A.page.getByTestId('recording').waitFor();
        await A.page.getByTestId('voice-stop').waitFor();
        // A second or more of sound, read from the recorder's own clock.
        await A.page
          .getByRole('timer')
          .filter({ hasText: /^0:0[1-9]/ })
          .waitFor();
        await A.page.getByTestId('voice-stop').click();
        await A.page.getByTestId('voice-preview').waitFor();
        await A.page.getByTestId('message-send').click();
        await B.page.getByTestId('voice-note').waitFor();
        await A.page.getByTestId('message').getByTestId('voice-note').waitFor();
        await expectAccessible(A.page, 'thread with a photo and a voice note (he, 360 px)');
        await expectAccessible(B.page, 'thread received (he, 360 px)');

        // What the server stored: four messages, the voice note with its length and waveform.
        const stored = await messages(a, id);
        expect(stored).toHaveLength(4);
        const voice = stored.flatMap((m) => m.attachments).find((x) => x.kind === 'voice');
        expect(voice?.duration_ms).toBeGreaterThan(0);
        expect(voice?.waveform?.length).toBeGreaterThan(0);
        expect(stored.flatMap((m) => m.attachments).some((x) => x.kind === 'photo')).toBe(true);
      } finally {
        await A.ctx.close();
        await B.ctx.close();
      }
    },
  );

  it(
    'a message written offline waits in the outbox, shown as pending, and is sent once when back online',
    { timeout: 120_000 },
    async () => {
      const tag = suffix();
      const [a, b] = await pair(tag);
      const { conversation } = await call<{ conversation: { id: string } }>('POST', '/v1/conversations', a.token, {
        member_ids: [b.user.id],
      });
      await call('POST', `/v1/conversations/${conversation.id}/messages`, b.token, { body: `Before the bus ${tag}` });
      // The service worker keeps what the member reads, the thread included.
      const A = await phone(a, 'en-US', true);
      try {
        await A.page.goto(`/messages/${conversation.id}`);
        await ready(A.page);
        await A.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
        await A.page.reload();
        await A.page
          .getByTestId('message-body')
          .filter({ hasText: `Before the bus ${tag}` })
          .waitFor();

        // Offline, the thread reads from the cache, even after a reload.
        await A.ctx.setOffline(true);
        await A.page.reload();
        await A.page.getByTestId('offline-banner').waitFor();
        await A.page
          .getByTestId('message-body')
          .filter({ hasText: `Before the bus ${tag}` })
          .waitFor();
        const text = `Written on the bus ${tag}`;
        const input = A.page.getByTestId('message-input');
        await expect.poll(() => input.isEnabled()).toBe(true);
        await input.fill(text);
        await input.press('Enter');
        const pending = A.page.locator('[data-testid="message"][data-pending="true"]').filter({ hasText: text });
        await pending.waitFor();
        expect((await messages(a, conversation.id)).filter((m) => m.body === text)).toHaveLength(0);

        await A.ctx.setOffline(false);
        await pending.waitFor({ state: 'detached' });
        await A.page.locator('[data-testid="message"]:not([data-pending])').filter({ hasText: text }).waitFor();
        const stored = await messages(a, conversation.id);
        expect(stored.filter((m) => m.body === text)).toHaveLength(1);
        // Another trip online (a reload flushes the outbox again) does not send it twice.
        await A.page.reload();
        await ready(A.page);
        await A.page.getByTestId('message-body').filter({ hasText: text }).waitFor();
        expect((await messages(a, conversation.id)).filter((m) => m.body === text)).toHaveLength(1);
      } finally {
        await A.ctx.close();
      }
    },
  );
});
