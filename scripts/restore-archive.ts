/**
 * Reading the archive of `npm run backup` (scripts/backup-archive.ts describes it) for `npm run
 * restore`: every header's checksum, the manifest first, no entry outside the target folder, only
 * files and folders, and the SHA-256 at the end over every file, so a damaged archive is told apart.
 */
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { pipeline as pipelineCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  ArchiveError,
  BLOCK,
  CHECKSUM_NAME,
  hashEntry,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  type Manifest,
} from './backup-archive.js';

/** Pulls exact byte counts out of a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (at least one), or undefined at the end of the stream. */
  async some(max: number): Promise<Buffer | undefined> {
    if (this.length === 0) {
      let next: IteratorResult<Buffer>;
      try {
        next = await this.source.next();
      } catch (err) {
        throw new ArchiveError(`it is not a whole gzip file (${(err as Error).message})`);
      }
      if (next.done) return undefined;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const all = Buffer.concat(this.buffered);
    const out = all.subarray(0, max);
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  /** Exactly `n` bytes; the archive is truncated (or, as `short` says, not one) if they are not there. */
  async exactly(n: number, short = 'it ends in the middle of an entry (truncated)'): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.some(n - got);
      if (!part) throw new ArchiveError(short);
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .toString('ascii', offset, offset + length)
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError('a header is damaged');
  return parseInt(text, 8);
}

/** A relative path inside the target, or an ArchiveError for anything that would land elsewhere. */
function safePath(name: string): string {
  const clean = path.posix.normalize(name.replace(/\/+$/, ''));
  if (
    !clean ||
    clean === '.' ||
    path.posix.isAbsolute(clean) ||
    clean === '..' ||
    clean.startsWith('../') ||
    name.includes('\0')
  ) {
    throw new ArchiveError(`it holds an entry outside its folder (${JSON.stringify(name)})`);
  }
  return clean;
}

/**
 * Reads the tar.gz at `file` into the folder `into` (which should be empty), after checking the
 * manifest is first; returns the manifest. Throws ArchiveError when the file is not a whole Tribes
 * backup (the caller removes what was written).
 */
export async function extractArchive(file: string, into: string): Promise<{ manifest: Manifest; files: number; bytes: number }> {
  // pipeline (not pipe) so a read error reaches the gunzip stream, and so the reader, instead of a hang.
  const source = pipelineCallback(createReadStream(file), createGunzip(), () => undefined);
  try {
    return await readEntries(new ByteReader(source[Symbol.asyncIterator]() as AsyncIterator<Buffer>), into);
  } finally {
    source.destroy();
  }
}

async function readEntries(reader: ByteReader, into: string) {
  let manifest: Manifest | undefined;
  let paxPath: string | undefined;
  let checksum: string | undefined;
  const hash = createHash('sha256');
  let files = 0;
  let bytes = 0;
  for (;;) {
    const header = await reader.exactly(BLOCK, manifest ? undefined : 'it is not a tar archive');
    if (header.every((b) => b === 0)) break;
    if (header.toString('ascii', 257, 262) !== 'ustar') throw new ArchiveError('it is not a tar archive');
    const stored = readOctal(header, 148, 8);
    header.fill(' ', 148, 156);
    if (header.reduce((sum, b) => sum + b, 0) !== stored) throw new ArchiveError('a header is damaged (checksum)');
    const type = header.toString('ascii', 156, 157);
    const size = readOctal(header, 124, 12);
    const prefix = header.toString('utf8', 345, 500).replace(/\0.*$/s, '');
    const ownName = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const name = paxPath ?? (prefix ? `${prefix}/${ownName}` : ownName);
    paxPath = undefined;
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === 'x') {
      const records = (await reader.exactly(padded)).subarray(0, size).toString('utf8');
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1];
      continue;
    }
    if (!manifest) {
      if (name !== MANIFEST_NAME || type !== '0') throw new ArchiveError(`it is not a Tribes backup (no ${MANIFEST_NAME} first)`);
      manifest = parseManifest((await reader.exactly(padded)).subarray(0, size));
      continue;
    }
    if (checksum !== undefined) throw new ArchiveError(`it holds entries after its ${CHECKSUM_NAME}`);
    if (name === CHECKSUM_NAME && type === '0') {
      checksum = (await reader.exactly(padded)).subarray(0, size).toString('ascii').trim();
      continue;
    }
    const target = path.join(into, safePath(name));
    const mode = readOctal(header, 100, 8) & 0o777;
    const mtime = new Date(readOctal(header, 136, 12) * 1000);
    if (type === '5') {
      mkdirSync(target, { recursive: true, mode: mode | 0o700 });
    } else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(target), { recursive: true });
      hashEntry(hash, name, size);
      await copyOut(reader, target, size, mode | 0o600, hash);
      await reader.exactly(padded - size);
      utimesSync(target, mtime, mtime);
      files += 1;
      bytes += size;
    } else {
      throw new ArchiveError(`it holds an entry of a kind a backup never has (type ${JSON.stringify(type)})`);
    }
  }
  if (!manifest) throw new ArchiveError('it is empty');
  if (checksum === undefined) throw new ArchiveError(`it has no ${CHECKSUM_NAME} at its end (truncated)`);
  if (checksum !== hash.digest('hex')) throw new ArchiveError('its files do not match their checksum (damaged)');
  if (files !== manifest.files || bytes !== manifest.bytes) {
    throw new ArchiveError(
      `it holds ${files} files (${bytes} bytes) where its manifest says ${manifest.files} (${manifest.bytes} bytes)`,
    );
  }
  return { manifest, files, bytes };
}

async function copyOut(reader: ByteReader, target: string, size: number, mode: number, hash: Hash): Promise<void> {
  const out = createWriteStream(target, { flags: 'wx', mode });
  const closed = once(out, 'close');
  try {
    let left = size;
    while (left > 0) {
      const chunk = await reader.some(Math.min(left, 1 << 20));
      if (!chunk) throw new ArchiveError('it ends in the middle of a file (truncated)');
      left -= chunk.length;
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await closed;
  }
}

function parseManifest(data: Buffer): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(data.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new ArchiveError(`its ${MANIFEST_NAME} is not JSON`);
  }
  if (manifest.format !== MANIFEST_FORMAT || manifest.version !== 1) {
    throw new ArchiveError(
      `it is a backup of an unknown format (${JSON.stringify(manifest.format)} version ${manifest.version})`,
    );
  }
  if (typeof manifest.files !== 'number' || typeof manifest.bytes !== 'number')
    throw new ArchiveError(`its ${MANIFEST_NAME} is incomplete`);
  return manifest as Manifest;
}
