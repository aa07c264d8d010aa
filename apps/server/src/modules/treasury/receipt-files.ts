import { PRIVATE_PREFIX } from '#src/core/storage.js';

/**
 * Where receipts were stored while they were public (decision 019, until issue 35): their rows keep
 * these keys, their files moved under `private/` at start-up (DESIGN 11.7), and the old public paths
 * answer 404.
 */
export const FORMER_RECEIPTS_FOLDER = 'receipts/';

/** The key a new receipt is stored at: private, reached only by a signed, expiring URL. */
export const newReceiptKey = (name: string, extension: 'pdf' | 'webp') => `${PRIVATE_PREFIX}receipts/${name}.${extension}`;

/** Where a receipt's file is, from its row's key: a receipt stored before issue 35 moved under `private/`. */
export const receiptFileKey = (storageKey: string) =>
  storageKey.startsWith(PRIVATE_PREFIX) ? storageKey : `${PRIVATE_PREFIX}${storageKey}`;
