import { describe, expect, it, vi } from 'vitest';
import { endpoint } from '@tribes/shared';
// eslint-disable-next-line no-restricted-syntax -- a test's own schema, not a page's
import { z } from 'zod';
import en from '../locales/en.json';
import { ApiError, createApiClient, type CatalogueKey } from './api-client';

type Reply = { status: number; body?: unknown } | 'network-error';

function setup(reply: Reply, token: string | null = 'secret-token') {
  const notify = vi.fn();
  const onUnauthorized = vi.fn();
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = createApiClient({
    baseUrl: '/api',
    getToken: () => token,
    getLocale: () => 'fr',
    t: (key: CatalogueKey) => en.api[key.slice(4) as keyof typeof en.api],
    notify,
    onUnauthorized,
    fetch: fetchMock as unknown as typeof fetch,
  });
  return { client, notify, onUnauthorized, fetchMock };
}

const fails = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
};

describe('API client: the error catalogue of specification section 8', () => {
  it('sends JSON with Accept, Accept-Language and the bearer token', async () => {
    const { client, fetchMock } = setup({ status: 200, body: { status: 'success', message: 'OK.', data: { a: 1 } } });
    const res = await client.request<{ a: number }>('/v1/me', { method: 'PATCH', body: { name: 'x' } });
    expect(res.data).toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/me');
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Accept-Language': 'fr',
      Authorization: 'Bearer secret-token',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"name":"x"}');
  });

  it('leaves the content type of a multipart body to the browser', async () => {
    const { client, fetchMock } = setup({ status: 200, body: { status: 'success', message: 'Saved.', data: {} } }, null);
    const form = new FormData();
    form.append('avatar', new Blob(['x']), 'a.png');
    await client.request('/v1/me/avatar', { method: 'POST', form });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });

  it('status success: the message as a success notice (not for plain reads)', async () => {
    const { client, notify } = setup({
      status: 200,
      body: { status: 'success', message: 'Your profile has been updated.', data: {} },
    });
    await client.request('/v1/me', { method: 'PATCH', body: {} });
    expect(notify).toHaveBeenCalledWith('Your profile has been updated.', 'success');
    notify.mockClear();
    await client.request('/v1/me');
    expect(notify).not.toHaveBeenCalled();
  });

  it('status warning: the message as a warning notice, and the answer is returned', async () => {
    const { client, notify } = setup({
      status: 200,
      body: { status: 'warning', message: 'Please verify your email.', data: { verification_required: true } },
    });
    const res = await client.request<{ verification_required: boolean }>('/v1/auth/login', { method: 'POST', body: {} });
    expect(res.data.verification_required).toBe(true);
    expect(notify).toHaveBeenCalledWith('Please verify your email.', 'warning');
  });

  it("other status: the message, or 'An unknown error occurred.', as an error", async () => {
    const a = setup({ status: 200, body: { status: 'error', message: 'Nope.' } });
    expect((await fails(a.client.request('/x', { method: 'POST' }))).message).toBe('Nope.');
    expect(a.notify).toHaveBeenCalledWith('Nope.', 'error');
    const b = setup({ status: 200, body: { status: 'odd', message: '' } });
    await fails(b.client.request('/x'));
    expect(b.notify).toHaveBeenCalledWith('An unknown error occurred.', 'error');
  });

  it('400 validation_error: field errors go to the form, without a notice', async () => {
    const errors = { email: ['These credentials do not match our records.'] };
    const { client, notify } = setup({
      status: 400,
      body: { status: 'error', error_type: 'validation_error', message: 'Validation failed.', errors },
    });
    const onFieldErrors = vi.fn(() => true);
    const err = await fails(client.request('/v1/auth/login', { method: 'POST', body: {}, onFieldErrors }));
    expect(onFieldErrors).toHaveBeenCalledWith(errors);
    expect(err.fieldErrors).toEqual(errors);
    expect(notify).not.toHaveBeenCalled();
  });

  it("400 otherwise: the message, or 'Validation failed.', as an error notice", async () => {
    const a = setup({
      status: 400,
      body: { status: 'error', error_type: 'validation_error', message: 'La validation a échoué.', errors: { body: ['x'] } },
    });
    await fails(a.client.request('/x', { method: 'POST', onFieldErrors: () => false }));
    expect(a.notify).toHaveBeenCalledWith('La validation a échoué.', 'error');
    const b = setup({ status: 400, body: { status: 'error' } });
    await fails(b.client.request('/x', { method: 'POST' }));
    expect(b.notify).toHaveBeenCalledWith('Validation failed.', 'error');
  });

  it('401: the notice and a forced logout', async () => {
    const { client, notify, onUnauthorized } = setup({ status: 401, body: { status: 'error', message: 'whatever' } });
    const err = await fails(client.request('/v1/me'));
    expect(err.status).toBe(401);
    expect(notify).toHaveBeenCalledWith('Unauthorized. Please sign in again.', 'error');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('401 without a session: the notice only', async () => {
    const { client, onUnauthorized, notify } = setup({ status: 401, body: {} }, null);
    await fails(client.request('/v1/me'));
    expect(notify).toHaveBeenCalledWith('Unauthorized. Please sign in again.', 'error');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    [403, { message: 'server text' }, 'You do not have permission to perform this action.'],
    [404, { message: 'No such tribe.' }, 'No such tribe.'],
    [404, {}, 'The requested resource could not be found.'],
    [500, { message: 'stack trace?' }, 'An internal server error occurred. Please try again later.'],
    [
      429,
      { message: 'Too many requests. Please try again in 30 seconds.' },
      'Too many requests. Please try again in 30 seconds.',
    ],
    [409, {}, 'An unexpected error occurred.'],
    [502, undefined, 'An unexpected error occurred.'],
  ])('HTTP %i answers %j → %s', async (status, body, expected) => {
    const { client, notify } = setup({ status, body: body && { status: 'error', ...body } });
    const err = await fails(client.request('/x'));
    expect(err.status).toBe(status);
    expect(err.message).toBe(expected);
    expect(notify).toHaveBeenCalledWith(expected, 'error');
  });

  describe('403 reauthentication_required (sudo mode, DESIGN 11.7)', () => {
    const stale = {
      status: 403,
      body: { status: 'error', message: 'Confirm it’s you.', error_type: 'reauthentication_required' },
    };
    const ok = { status: 200, body: { status: 'success', message: 'Done.', data: { done: true } } };
    function twoReplies(second: Reply, onReauthRequired: () => Promise<boolean>) {
      const notify = vi.fn();
      const replies = [stale, second];
      const fetchMock = vi.fn(async () => {
        const r = replies.shift()!;
        if (r === 'network-error') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
      });
      const client = createApiClient({
        baseUrl: '/api',
        getToken: () => 'secret-token',
        getLocale: () => 'en',
        t: (key: CatalogueKey) => en.api[key.slice(4) as keyof typeof en.api],
        notify,
        onUnauthorized: vi.fn(),
        onReauthRequired,
        fetch: fetchMock as unknown as typeof fetch,
      });
      return { client, notify, fetchMock };
    }

    it('asks the user to confirm, then sends the same act once more and answers its result', async () => {
      const prompt = vi.fn(async () => true);
      const { client, fetchMock, notify } = twoReplies(ok, prompt);
      const answer = await client.request<{ done: boolean }>('/v1/me', { method: 'DELETE', body: { password: 'x' } });
      expect(answer.data).toEqual({ done: true });
      expect(prompt).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const [first, second] = fetchMock.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
      expect(second[0]).toBe(first[0]);
      expect(second[1].method).toBe('DELETE');
      expect(second[1].body).toBe(first[1].body);
      expect(notify).toHaveBeenCalledWith('Done.', 'success');
    });

    it('dismissed: the act fails quietly, without a second try', async () => {
      const { client, fetchMock, notify } = twoReplies(ok, async () => false);
      const err = await fails(client.request('/v1/me', { method: 'DELETE' }));
      expect(err.errorType).toBe('reauthentication_required');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(notify).not.toHaveBeenCalled();
    });

    it('asks once per act: a second refusal after confirming is not asked again', async () => {
      const prompt = vi.fn(async () => true);
      const { client, fetchMock } = twoReplies(stale, prompt);
      await fails(client.request('/v1/me', { method: 'DELETE' }));
      expect(prompt).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });

  it("no response: 'Failed to connect to the server.'", async () => {
    const { client, notify } = setup('network-error');
    const err = await fails(client.request('/x'));
    expect(err.status).toBeNull();
    expect(notify).toHaveBeenCalledWith('Failed to connect to the server.', 'error');
  });
});

describe('API client: contract calls', () => {
  const probe = endpoint({
    method: 'PATCH',
    path: '/v1/tribes/{id}/members/{user_id}',
    summary: 'test',
    tags: ['test'],
    auth: 'user',
    params: z.object({ id: z.string(), user_id: z.string() }),
    query: z.object({ cursor: z.string().optional(), limit: z.number().optional() }),
    body: z.object({ role: z.string() }),
    data: z.object({ ok: z.boolean() }),
    errors: [403],
  });

  it('takes its method and path from the endpoint, encodes params and drops empty query values', async () => {
    const { client, fetchMock } = setup({ status: 200, body: { status: 'success', message: 'Saved.', data: { ok: true } } });
    const res = await client.call(probe, {
      params: { id: 'a tribe/x', user_id: 'u1' },
      query: { cursor: '', limit: 5 },
      body: { role: 'leader' },
    });
    expect(res.data.ok).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/tribes/a%20tribe%2Fx/members/u1?limit=5');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"role":"leader"}');
  });

  it('refuses to call with a path parameter missing', () => {
    const { client } = setup({ status: 200, body: { status: 'success', message: 'OK.', data: { ok: true } } });
    const params = { id: 'x' } as unknown as { id: string; user_id: string };
    expect(() => client.call(probe, { params, body: { role: 'member' } })).toThrow(/user_id/);
  });
});
