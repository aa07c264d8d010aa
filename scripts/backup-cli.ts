/** What `npm run backup` and `npm run restore` share: DATA_DIR as the server reads it, and how they stop. */
import path from 'node:path';

/** DATA_DIR resolved the way the server resolves it (apps/server/src/core/config.ts): ./data from where it runs. */
export function resolveDataDir(): string {
  return path.resolve(process.env.DATA_DIR || './data');
}

/** The prefix of the folder a restore extracts into, inside DATA_DIR, before moving its entries into place. */
export const RESTORE_STAGING_PREFIX = '.restoring-';

/** True for a restore's own staging folder, which a backup leaves out. */
export function isOwnTemporary(relative: string): boolean {
  return !relative.includes('/') && relative.startsWith(RESTORE_STAGING_PREFIX);
}

/** Prints `message` and exits with `code` (sysexits: 64 usage, 65 bad data, 66 no input, 73 cannot create). */
export function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

/** 1234567 → "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
