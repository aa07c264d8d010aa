/**
 * The backup archive of `npm run backup` / `npm run restore`: a gzip'd POSIX tar (ustar, with pax
 * headers for long names), readable by any `tar -xzf`, written and read here with Node's own zlib
 * so the commands need no package beyond what the server runs with. Its first entry is a manifest
 * (`tribes-backup.json`), then come the files and folders of DATA_DIR, and last the SHA-256 of
 * those files (`tribes-backup.sha256`), which gzip's own check does not cover once re-packed.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/** The name of the manifest entry, always first in the archive. */
export const MANIFEST_NAME = 'tribes-backup.json';
export const MANIFEST_FORMAT = 'tribes-backup';
/** The name of the last entry: the SHA-256 of every file's path, size and bytes, in archive order. */
export const CHECKSUM_NAME = 'tribes-backup.sha256';

/** What the archive says about itself. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  created_at: string;
  /** The embedded database's PostgreSQL major version (its PG_VERSION file). */
  postgres_version: string;
  files: number;
  bytes: number;
}

/** A file or folder of DATA_DIR, by its path relative to it (POSIX separators). */
export interface TreeEntry {
  path: string;
  type: 'file' | 'dir';
  size: number;
  mode: number;
  mtime: Date;
}

/** The archive is missing, truncated, damaged or not a Tribes backup. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

/** The tar block size. */
export const BLOCK = 512;
const MAX_SIZE = 0o77777777777; // 8 GiB: the largest size ustar's 11 octal digits hold.

/** Every file and folder under `root`, parents before children, leaving out names `skip` rejects. */
export function listTree(root: string, skip: (relative: string) => boolean): { entries: TreeEntry[]; ignored: string[] } {
  const entries: TreeEntry[] = [];
  const ignored: string[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(root, relative)).sort()) {
      const rel = relative ? `${relative}/${name}` : name;
      if (skip(rel)) continue;
      const stat = statSync(path.join(root, rel), { throwIfNoEntry: false });
      if (stat?.isDirectory()) {
        entries.push({ path: rel, type: 'dir', size: 0, mode: stat.mode & 0o777, mtime: stat.mtime });
        walk(rel);
      } else if (stat?.isFile()) {
        entries.push({ path: rel, type: 'file', size: stat.size, mode: stat.mode & 0o777, mtime: stat.mtime });
      } else {
        ignored.push(rel);
      }
    }
  };
  walk('');
  return { entries, ignored };
}

function octal(buf: Buffer, offset: number, length: number, value: number): void {
  buf.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

/** A pax extended header carrying `path` (for names ustar cannot hold). */
function paxHeader(name: string): Buffer[] {
  const body = (value: string) => {
    const record = ` path=${value}\n`;
    let length = Buffer.byteLength(record);
    while (String(length).length + Buffer.byteLength(record) !== length)
      length = String(length).length + Buffer.byteLength(record);
    return Buffer.from(`${length}${record}`);
  };
  const data = body(name);
  const header = ustarHeader({ path: 'PaxHeader', type: 'file', size: data.length, mode: 0o644, mtime: new Date(0) }, 'x');
  return [header, data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK)];
}

function ustarHeader(entry: TreeEntry, typeflag?: string): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(entry.path, 0, 100, 'utf8');
  octal(header, 100, 8, entry.mode);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, entry.type === 'file' || typeflag === 'x' ? entry.size : 0);
  octal(header, 136, 12, Math.floor(entry.mtime.getTime() / 1000));
  header.write(typeflag ?? (entry.type === 'dir' ? '5' : '0'), 156, 1, 'ascii');
  header.write('ustar\0' + '00', 257, 8, 'ascii');
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

/** The header blocks of one entry: a plain ustar header, preceded by a pax one when the name is long. */
function headerBlocks(entry: TreeEntry): Buffer[] {
  if (entry.size > MAX_SIZE) throw new Error(`${entry.path} is larger than 8 GiB, which this archive format cannot hold`);
  const name = entry.type === 'dir' ? `${entry.path}/` : entry.path;
  if (Buffer.byteLength(name) <= 100) return [ustarHeader({ ...entry, path: name })];
  const short = {
    ...entry,
    path: Buffer.from(name)
      .subarray(0, 99)
      .toString('utf8')
      .replace(/\uFFFD$/, ''),
  };
  return [...paxHeader(name), ustarHeader(short)];
}

async function* tarStream(root: string, manifest: Manifest, entries: TreeEntry[]): AsyncGenerator<Buffer> {
  const manifestData = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  const now = new Date();
  yield* headerBlocks({ path: MANIFEST_NAME, type: 'file', size: manifestData.length, mode: 0o644, mtime: now });
  yield manifestData;
  yield Buffer.alloc((BLOCK - (manifestData.length % BLOCK)) % BLOCK);
  const hash = createHash('sha256');
  for (const entry of entries) {
    yield* headerBlocks(entry);
    if (entry.type !== 'file') continue;
    hashEntry(hash, entry.path, entry.size);
    let read = 0;
    const changed = () => new Error(`${entry.path} changed while it was archived (it had ${entry.size} bytes)`);
    for await (const chunk of createReadStream(path.join(root, entry.path))) {
      read += (chunk as Buffer).length;
      if (read > entry.size) throw changed();
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
    if (read !== entry.size) throw changed();
    yield Buffer.alloc((BLOCK - (entry.size % BLOCK)) % BLOCK);
  }
  const digest = Buffer.from(hash.digest('hex') + '\n');
  yield* headerBlocks({ path: CHECKSUM_NAME, type: 'file', size: digest.length, mode: 0o644, mtime: now });
  yield digest;
  yield Buffer.alloc((BLOCK - (digest.length % BLOCK)) % BLOCK);
  yield Buffer.alloc(BLOCK * 2);
}

/** What the checksum covers of one file before its bytes: its path and size, so a renamed or cut file counts too. */
export function hashEntry(hash: Hash, name: string, size: number): void {
  hash.update(`${name}\0${size}\0`);
}

/** Writes `entries` of `root`, after the manifest, into a new tar.gz at `file`. */
export async function writeArchive(file: string, root: string, manifest: Manifest, entries: TreeEntry[]): Promise<void> {
  await pipeline(
    Readable.from(tarStream(root, manifest, entries)),
    createGzip(),
    createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
}
