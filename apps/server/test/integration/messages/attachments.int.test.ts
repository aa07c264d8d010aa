import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';
import { oggOpus, webmOpus } from '#test/voice-notes.js';
import { startConversation, tribeMates, type Member } from './messages-helpers.js';

let t: TestApp;
let a: Member;
let b: Member;
let id: string;
beforeAll(async () => {
  t = await buildTestApp();
  const { people } = await tribeMates(t, ['Media A', 'Media B']);
  [a, b] = people as [Member, Member];
  id = await startConversation(t, a.token, [b.user.id]);
});
afterAll(async () => t.close());

interface Attachment {
  kind: string;
  url: string;
  mime: string;
  duration_ms?: number;
}
interface Answer {
  data: { message: { attachments: Attachment[] } };
  errors: Record<string, string[]>;
  error_type?: string;
}
type File = Parameters<typeof multipartBody>[0][number];
async function send(files: File[], fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(files, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/messages`,
    payload,
    headers: { ...headers, ...bearer(a.token) },
  });
  return { status: res.statusCode, body: res.json() as Answer };
}
const voice = (data: Buffer, contentType = 'audio/webm'): File => ({ field: 'voice', filename: 'note', contentType, data });
const photo = (data: Buffer, contentType = 'image/png'): File => ({ field: 'photo', filename: 'p.png', contentType, data });
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

describe('photos', () => {
  it('re-encodes a photo as WebP, private to the conversation, with its size', async () => {
    const res = await send([photo(await png())], { body: 'look' });
    expect(res.status).toBe(201);
    const att = res.body.data.message.attachments[0]!;
    expect(att).toMatchObject({ kind: 'photo', mime: 'image/webp', width: 40, height: 30 });
    expect(att.url).toMatch(/^\/media\/private\/messages\/[0-9a-f]{32}\.webp\?exp=\d+&sig=[0-9a-f]{64}$/);
    const file = await t.app.inject({ method: 'GET', url: att.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: att.url.split('?')[0]! })).statusCode).toBe(404);
  });

  it('refuses SVG or HTML sent as a photo (415) and two files at once (400)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await send([photo(svg, 'image/png')])).status).toBe(415);
    expect((await send([photo(Buffer.from('<html><body>hi</body></html>'))])).status).toBe(415);
    const both = await send([photo(await png()), voice(oggOpus(1), 'audio/ogg')]);
    expect(both.status).toBe(400);
    expect(both.body.errors.photo).toBeDefined();
    expect((await send([{ field: 'other', filename: 'x', contentType: 'image/png', data: await png() }])).status).toBe(400);
  });
});

describe('voice notes', () => {
  it("takes Chrome's WebM (no duration in its header): the length is read from its clusters", async () => {
    const res = await send([voice(webmOpus(3))], { waveform: JSON.stringify([0, 128, 255]) });
    expect(res.status).toBe(201);
    const att = res.body.data.message.attachments[0]!;
    expect(att).toMatchObject({ kind: 'voice', mime: 'audio/webm', waveform: [0, 128, 255] });
    expect(Math.abs(att.duration_ms! - 3000)).toBeLessThanOrEqual(40);
    const file = await t.app.inject({ method: 'GET', url: att.url });
    expect(file.headers['content-type']).toBe('audio/webm');
    expect(file.rawPayload.equals(webmOpus(3))).toBe(true);
  });

  it('takes Ogg Opus and a WebM with its duration, whatever their declared type', async () => {
    const ogg = await send([voice(oggOpus(2), 'application/octet-stream')]);
    expect(ogg.status).toBe(201);
    expect(ogg.body.data.message.attachments[0]).toMatchObject({ kind: 'voice', mime: 'audio/ogg', duration_ms: 2000 });
    const webm = await send([voice(webmOpus(1, { chromeLike: false }))]);
    expect(webm.body.data.message.attachments[0]).toMatchObject({ mime: 'audio/webm', duration_ms: 1000 });
  });

  it('refuses a note over 2 minutes by its content, whatever duration the client claims', async () => {
    const long = await send([voice(webmOpus(125))], { duration_ms: '5000' });
    expect(long.status).toBe(422);
    expect(long.body.error_type).toBe('voice_too_long');
    expect((await send([voice(oggOpus(121), 'audio/ogg')])).status).toBe(422);
    expect((await send([voice(webmOpus(1))], { duration_ms: '130000' })).status).toBe(400);
  });

  it('refuses HTML or a photo sent as audio (415), a note over 5 MB (413), and a bad waveform (400)', async () => {
    const html = await send([voice(Buffer.from('<!doctype html><html><script>x</script></html>'), 'audio/webm')]);
    expect(html.status).toBe(415);
    expect((await send([voice(await png(), 'audio/ogg')])).status).toBe(415);
    // An EBML file that is no WebM audio (a Matroska doc type) is not a voice note either.
    expect((await send([voice(Buffer.from(webmOpus(1)).fill(0, 20, 60))])).status).toBe(415);
    const big = Buffer.concat([oggOpus(1), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await send([voice(big, 'audio/ogg')])).status).toBe(413);
    expect((await send([voice(webmOpus(1))], { waveform: JSON.stringify(Array(65).fill(1)) })).status).toBe(400);
    expect((await send([voice(webmOpus(1))], { waveform: 'nope' })).status).toBe(400);
    // Nothing of the refused ones was stored.
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}/messages?limit=50`,
      headers: bearer(b.token),
    });
    expect((thread.json() as { data: { items: unknown[] } }).data.items).toHaveLength(4);
  });
});
