/**
 * A value loaded on first use and kept: `const loadX = lazy(() => import('x'))`, then `await loadX()`.
 * The heavy packages that no first request needs (viem for wallet links, pdfkit for certificates,
 * stripe for payments, sharp for uploads) load this way, so a start does not pay for them
 * (bench/README.md, `start`). Calls while the load is under way share it; a failed load is not
 * kept, so the next call tries again.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
}
