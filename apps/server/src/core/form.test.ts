import multipart from '@fastify/multipart';
import { endpoint, type EndpointDef } from '@tribes/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartBody } from '#test/multipart.js';
import { registerErrorHandling } from './error-handler.js';
import { readForm } from './form.js';

/** Like a post: a list of texts, several files, JSON taken too. */
const note = endpoint({
  method: 'POST',
  path: '/notes',
  summary: 'A note.',
  tags: ['test'],
  auth: 'public',
  body: z.strictObject({ body: z.string().default(''), tags: z.array(z.string()).max(3).default([]) }),
  multipart: true,
  files: [{ name: 'photos', max: 3 }],
  consumes: ['multipart/form-data', 'application/json'],
  data: z.object({}),
  errors: [413, 415],
});

/** Like a campaign: numbers, a nullable number, a JSON list, one file, multipart only. */
const drive = endpoint({
  method: 'POST',
  path: '/drives',
  summary: 'A drive.',
  tags: ['test'],
  auth: 'public',
  body: z.strictObject({
    title: z.string(),
    goal: z.number().int(),
    monthly: z.number().int().nullable().optional(),
    steps: z.array(z.strictObject({ amount: z.number() })).default([]),
  }),
  multipart: true,
  files: [{ name: 'cover' }],
  data: z.object({}),
  errors: [413, 415],
});

const app = Fastify();
beforeAll(async () => {
  app.decorateRequest('locale', 'en');
  registerErrorHandling(app);
  await app.register(multipart);
  for (const e of [note, drive] as EndpointDef[]) {
    app.post(e.path, async (req) => {
      const { fields, files } = await readForm(req, e, { fileSize: 1000 });
      const byName = Object.entries(files as Record<string, Buffer[]>);
      return { fields, files: Object.fromEntries(byName.map(([k, v]) => [k, v.map((b) => b.toString())])) };
    });
  }
  await app.ready();
});
afterAll(async () => app.close());

const file = (field: string, data: string) => ({ field, filename: 'a.txt', contentType: 'text/plain', data: Buffer.from(data) });
/** Text parts in order, a name possibly repeated (multipartBody takes a record). */
function form(texts: [string, string][], files: ReturnType<typeof file>[] = []) {
  const { payload, headers } = multipartBody(files);
  const boundary = headers['content-type'].split('boundary=')[1]!;
  const head = texts.map(([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`).join('');
  return { payload: Buffer.concat([Buffer.from(head), payload]), headers };
}
const send = (url: string, body: ReturnType<typeof form>) => app.inject({ method: 'POST', url, ...body });

describe('readForm, the multipart reader driven by the endpoint contract', () => {
  it('reads a list of texts from repeated parts and the declared files by name (name[] when several)', async () => {
    const res = await send(
      '/notes',
      form(
        [
          ['body', 'Hello'],
          ['tags', 'a'],
          ['tags[]', 'b'],
        ],
        [file('photos', 'one'), file('photos[]', 'two')],
      ),
    );
    expect(res.json()).toEqual({ fields: { body: 'Hello', tags: ['a', 'b'] }, files: { photos: ['one', 'two'] } });
  });

  it('reads numbers, an empty nullable number as null and a JSON list back from their text', async () => {
    const res = await send(
      '/drives',
      form(
        [
          ['title', 'Roof'],
          ['goal', ' 40 '],
          ['monthly', ''],
          ['steps', '[{"amount":5}]'],
        ],
        [file('cover', 'img')],
      ),
    );
    expect(res.json()).toEqual({
      fields: { title: 'Roof', goal: 40, monthly: null, steps: [{ amount: 5 }] },
      files: { cover: ['img'] },
    });
  });

  it('parses the fields with the body schema: a wrong value or an unknown field is a 400 on that field', async () => {
    const bad = await send(
      '/drives',
      form([
        ['title', 'Roof'],
        ['goal', '4.5'],
        ['steps', '{not json'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['goal', 'steps']);
    const unknown = await send('/notes', form([['colour', 'red']]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 'error', errors: { colour: [expect.any(String)] } });
  });

  it('refuses a file under a name the endpoint does not declare, or a list name where one file is allowed', async () => {
    for (const field of ['avatar', 'cover[]']) {
      const res = await send(
        '/drives',
        form(
          [
            ['title', 'Roof'],
            ['goal', '4'],
          ],
          [file(field, 'x')],
        ),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty([field]);
    }
  });

  it('answers 413 past the declared number of files or the file size', async () => {
    const many = await send(
      '/drives',
      form(
        [
          ['title', 'Roof'],
          ['goal', '4'],
        ],
        [file('cover', 'a'), file('cover', 'b')],
      ),
    );
    expect(many.statusCode).toBe(413);
    const big = await send(
      '/drives',
      form(
        [
          ['title', 'Roof'],
          ['goal', '4'],
        ],
        [file('cover', 'x'.repeat(2000))],
      ),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 'error' });
  });

  it('reads JSON as the body when the endpoint takes JSON too, and refuses it (415) when it does not', async () => {
    const json = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'Hi', tags: ['x'] } });
    expect(json.json()).toEqual({ fields: { body: 'Hi', tags: ['x'] }, files: { photos: [] } });
    const refused = await app.inject({ method: 'POST', url: '/drives', payload: { title: 'Roof', goal: 4 } });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ status: 'error' });
  });
});
