import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { createEvent, eventsWorld } from './helpers.js';

const INDEX = '<!doctype html><html lang="en"><head><title>Tribes</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'tribes-web-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://tribes.example' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("an event page's link preview", () => {
  it('shows a public event’s title and description as a card, and nothing of a tribe-only one', async () => {
    const w = await eventsWorld(t);
    const open = await createEvent(t, w.leader.token, w.tribe.id, { visibility: 'public', title: 'Open harvest' });
    const hidden = await createEvent(t, w.leader.token, w.tribe.id, { title: 'Members only supper' });
    const shown = await t.app.inject({ url: `/events/${open.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<meta property="og:title" content="Open harvest" />');
    expect(shown.body).toContain('<meta property="og:description" content="Bring baskets." />');
    const plain = await t.app.inject({ url: `/events/${hidden.id}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain('Members only supper');
    expect(plain.body).not.toContain('og:title');
  });
});
