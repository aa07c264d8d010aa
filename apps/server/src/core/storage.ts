import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SIGNED_MEDIA_SECONDS } from '@tribes/shared';

/** Objects whose key starts with this are never served publicly, only through signed URLs. */
export const PRIVATE_PREFIX = 'private/';

/** A stored object opened for serving: its bytes as a stream, and its size when the store tells it. */
export interface StoredObject {
  body: Readable;
  length: number | undefined;
}

/** Where uploaded media lives: files under DATA_DIR (createDiskStorage) or an S3-compatible bucket (createS3Storage). */
export interface Storage {
  /** Set when the objects are files under this folder: the static handler serves the public ones straight from it. */
  readonly root?: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** Opens an object for streaming to a client; null when there is none. */
  open(key: string): Promise<StoredObject | null>;
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
  /** Lets go of the store's connections (the app is closing). */
  close(): void;
}

/**
 * Is this a key the server could have made (`posts/ab12.webp`, `tribes/<id>/cover-ab.webp`)? Segments
 * of letters, digits, `_`, `-` and `.`, none empty or starting with a dot: no `..`, no dotfile, no
 * backslash, nothing an object store or a file system would read as another path.
 */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key);
}

/** Throws unless `folder` is a public folder name ending in a slash (what `privatize` takes). */
export function assertPublicFolder(folder: string): void {
  if (folder.startsWith(PRIVATE_PREFIX) || !folder.endsWith('/') || !isStorageKey(folder.slice(0, -1))) {
    throw new Error(`not a public folder: ${folder}`);
  }
}

/** Signed URLs live one to two hours: they are cut at hour boundaries so browsers can cache them. */
const SIGNED_URL_SECONDS = SIGNED_MEDIA_SECONDS;

/**
 * The URLs of stored objects, the same whatever the store: public keys at /media/{key}, private ones
 * at /media/private/...?exp=&sig= with an HMAC of the app secret, which the app checks before it
 * streams the object (decision 007).
 */
export function createMediaUrls(secret: string, now: () => Date): Pick<Storage, 'url' | 'verify'> {
  const sign = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}:${exp}`).digest('hex');
  return {
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
  };
}

/** Stores objects as files under a root folder, served at /media/{key}; private ones at /media/private/... with a signature. */
export function createDiskStorage(root: string, secret: string, now: () => Date = () => new Date()): Storage & { root: string } {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  return {
    root,
    ...createMediaUrls(secret, now),
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    read: (key) => readFile(resolve(key)),
    async open(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), length: info.size };
      } catch (err) {
        if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async privatize(folder) {
      assertPublicFolder(folder);
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
    close() {},
  };
}
