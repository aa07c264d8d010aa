import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskStorage, isStorageKey } from './storage.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function storageAt(now: () => Date = () => new Date()) {
  const root = mkdtempSync(path.join(tmpdir(), 'tribes-storage-'));
  roots.push(root);
  return createDiskStorage(root, 'a-secret-of-the-test', now);
}

describe('disk storage', () => {
  it('moves a formerly public folder under private/, once, and leaves other folders alone', async () => {
    const storage = storageAt();
    await storage.put('receipts/a.pdf', Buffer.from('%PDF-a'), 'application/pdf');
    await storage.put('receipts/old/b.webp', Buffer.from('b'), 'image/webp');
    await storage.put('posts/c.webp', Buffer.from('c'), 'image/webp');
    expect(await storage.privatize('receipts/')).toBe(2);
    expect(existsSync(path.join(storage.root, 'receipts', 'a.pdf'))).toBe(false);
    expect(readFileSync(path.join(storage.root, 'private', 'receipts', 'a.pdf')).toString()).toBe('%PDF-a');
    expect((await storage.read('private/receipts/old/b.webp')).toString()).toBe('b');
    expect((await storage.read('posts/c.webp')).toString()).toBe('c');
    // Every start runs it: nothing left to move, and a folder that never existed is no error.
    expect(await storage.privatize('receipts/')).toBe(0);
    expect(await storage.privatize('covers/')).toBe(0);
    await expect(storage.privatize('private/receipts/')).rejects.toThrow();
    await expect(storage.privatize('../receipts/')).rejects.toThrow();
  });

  it('signs a private key for one to two hours and refuses it after, or for another key', () => {
    let now = new Date('2026-11-28T10:20:00Z');
    const storage = storageAt(() => now);
    const url = new URL(storage.url('private/receipts/a.pdf'), 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    expect(Number(exp) * 1000).toBe(Date.parse('2026-11-28T12:00:00Z'));
    expect(storage.verify('private/receipts/a.pdf', exp, sig)).toBe(true);
    expect(storage.verify('private/receipts/b.pdf', exp, sig)).toBe(false);
    expect(storage.url('receipts/a.pdf')).toBe('/media/receipts/a.pdf');
    now = new Date('2026-11-28T12:00:01Z');
    expect(storage.verify('private/receipts/a.pdf', exp, sig)).toBe(false);
  });

  it('opens a file as a stream with its size, and answers null for a missing one', async () => {
    const storage = storageAt();
    await storage.put('posts/a.webp', Buffer.from('abc'), 'image/webp');
    const object = await storage.open('posts/a.webp');
    expect(object?.length).toBe(3);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('abc');
    expect(await storage.open('posts/none.webp')).toBeNull();
    expect(await storage.open('posts')).toBeNull();
  });
});

describe('storage keys', () => {
  it('takes the keys the server makes and nothing that could name another path', () => {
    for (const key of ['posts/ab12.webp', 'private/receipts/ab.pdf', 'tribes/0a-1b/cover-ff.webp', 'posts/ab-320.webp']) {
      expect(isStorageKey(key), key).toBe(true);
    }
    for (const key of [
      '',
      '/posts/a.webp',
      'posts//a.webp',
      'posts/../private/a.webp',
      '../a',
      'posts/.a',
      'a\\b',
      'posts/a b',
      'posts/',
    ]) {
      expect(isStorageKey(key), key).toBe(false);
    }
  });
});
