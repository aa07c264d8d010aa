import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNED_MEDIA_SECONDS } from '@tribes/shared';

/** Objects whose key starts with this are never served publicly, only through signed URLs. */
export const PRIVATE_PREFIX = 'private/';

/** Where uploaded media lives. Disk now; an object store can implement the same calls. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** The URL of a stored object: public keys get a plain path, private keys a signed, expiring one. */
  url(key: string): string;
  /** Checks a signed URL's key, expiry (unix seconds) and signature. */
  verify(key: string, exp: string, sig: string): boolean;
  /**
   * Moves every object of a folder that used to be public (`receipts/`) to the same key under
   * `private/`, so its old public URL answers 404 and it is reached only by signed URLs. Safe to run
   * on every start and on several nodes at once; answers how many objects this call moved.
   */
  privatize(folder: string): Promise<number>;
}

/** Signed URLs live one to two hours: they are cut at hour boundaries so browsers can cache them. */
const SIGNED_URL_SECONDS = SIGNED_MEDIA_SECONDS;

/** Stores objects as files under a root folder, served at /media/{key}; private ones at /media/private/... with a signature. */
export function createDiskStorage(root: string, secret: string, now: () => Date = () => new Date()): Storage & { root: string } {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  const sign = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}:${exp}`).digest('hex');
  return {
    root,
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    read: (key) => readFile(resolve(key)),
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    url(key) {
      if (!key.startsWith(PRIVATE_PREFIX)) return `/media/${key}`;
      const hour = Math.floor(now().getTime() / 1000 / SIGNED_URL_SECONDS) * SIGNED_URL_SECONDS;
      const exp = hour + 2 * SIGNED_URL_SECONDS;
      return `/media/${key}?exp=${exp}&sig=${sign(key, exp)}`;
    },
    verify(key, exp, sig) {
      const expNum = Number(exp);
      if (!key.startsWith(PRIVATE_PREFIX) || !Number.isInteger(expNum) || expNum * 1000 < now().getTime()) return false;
      const expected = Buffer.from(sign(key, expNum), 'hex');
      const given = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async privatize(folder) {
      if (folder.startsWith(PRIVATE_PREFIX) || !folder.endsWith('/')) throw new Error(`not a public folder: ${folder}`);
      const from = resolve(folder);
      let files: string[];
      try {
        const entries = await readdir(from, { recursive: true, withFileTypes: true });
        files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
      let moved = 0;
      for (const file of files) {
        const key = `${folder}${path.relative(from, file).split(path.sep).join('/')}`;
        const target = resolve(`${PRIVATE_PREFIX}${key}`);
        await mkdir(path.dirname(target), { recursive: true });
        try {
          // A rename is atomic: a file is either still public or already private, never both or lost.
          await rename(resolve(key), target);
          moved++;
        } catch (err) {
          // Another node moved it first.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      return moved;
    },
  };
}
