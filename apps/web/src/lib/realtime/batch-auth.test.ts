import { describe, expect, it, vi } from 'vitest';
import { batchedChannelAuth, type ChannelAuthCallback } from './batch-auth';

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Each channel's outcome, once its callback has been called. */
function outcome() {
  let done: (v: { error: string | null; auth: string | null }) => void = () => undefined;
  const settled = new Promise<{ error: string | null; auth: string | null }>((resolve) => (done = resolve));
  const callback: ChannelAuthCallback = (error, data) => done({ error: error?.message ?? null, auth: data?.auth ?? null });
  return { callback, settled };
}

describe('channel authorisation in one request (issue 42)', () => {
  it('asks once for the channels of one task, and answers each with its own signature or refusal', async () => {
    const send = vi.fn(async () =>
      answer({
        channels: {
          'private-a': { auth: 'k:aa' },
          'private-b': { status: 403 },
          'presence-c': { auth: 'k:cc', channel_data: '{}' },
        },
      }),
    );
    const ask = batchedChannelAuth('/broadcasting/auth/batch', () => ({ Authorization: 'Bearer t' }), send);
    const [a, b, c] = [outcome(), outcome(), outcome()];
    ask({ socketId: '1.2', channelName: 'private-a' }, a.callback);
    ask({ socketId: '1.2', channelName: 'private-b' }, b.callback);
    ask({ socketId: '1.2', channelName: 'presence-c' }, c.callback);
    expect(await a.settled).toEqual({ error: null, auth: 'k:aa' });
    expect((await b.settled).error).toMatch(/refused private-b/);
    expect(await c.settled).toEqual({ error: null, auth: 'k:cc' });
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/broadcasting/auth/batch');
    expect(JSON.parse(init.body as string)).toEqual({
      socket_id: '1.2',
      channel_names: ['private-a', 'private-b', 'presence-c'],
    });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t');
  });

  it('fails every channel of a batch the server refused as a whole, and starts a new batch after', async () => {
    const send = vi.fn(async () => answer({ status: 'error' }, 401));
    const ask = batchedChannelAuth('/b', () => ({}), send);
    const first = outcome();
    ask({ socketId: '1.2', channelName: 'private-a' }, first.callback);
    expect((await first.settled).error).toMatch(/401/);
    const second = outcome();
    ask({ socketId: '1.2', channelName: 'private-a' }, second.callback);
    await second.settled;
    expect(send).toHaveBeenCalledTimes(2);
  });
});
