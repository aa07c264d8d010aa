import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded media lives. Disk now; an object store can implement the same three calls. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public URL path of a stored object. */
  url(key: string): string;
}

/** Stores objects as files under a root folder, served at /media/{key}. */
export function createDiskStorage(root: string): Storage & { root: string } {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  return {
    root,
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    url: (key) => `/media/${key}`,
  };
}
