import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./form-schemas');
  vi.resetModules();
});

describe('lazyParser', () => {
  it('checks with the shared schema once its chunk has loaded', async () => {
    const { lazyParser } = await import('./form-resolver');
    const parser = lazyParser((s) => s.CommentBodySchema);
    expect((await parser.safeParse({ body: '' })).success).toBe(false);
    expect(await parser.safeParse({ body: ' Hello ' })).toEqual({ success: true, data: { body: 'Hello' } });
  });

  it('lets the form through when the chunk cannot load, and tries the chunk again next time', async () => {
    let fail = true;
    vi.doMock('./form-schemas', async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return vi.importActual('./form-schemas');
    });
    const { lazyParser } = await import('./form-resolver');
    const parser = lazyParser((s) => s.CommentBodySchema);
    // Offline before the service worker cached the chunk: the server will check it.
    expect(await parser.safeParse({ body: '' })).toEqual({ success: true, data: { body: '' } });
    fail = false;
    vi.resetModules();
    expect((await parser.safeParse({ body: '' })).success).toBe(false);
  });

  it('does not take a mistake in building the parser for a chunk that failed to load', async () => {
    const { lazyParser } = await import('./form-resolver');
    const parser = lazyParser(() => {
      throw new Error('no such schema');
    });
    await expect(parser.safeParse({})).rejects.toThrow('no such schema');
  });
});
