import { lazy } from '#src/core/lazy.js';

/**
 * The parts of viem that wallet links use, loaded by the first wallet request rather than at
 * start-up: viem is about half a second of CPU to load (bench/README.md, `start`).
 */
export const loadViem = lazy(async () => {
  const [{ getAddress, isAddress, verifyMessage }, { generateSiweNonce, parseSiweMessage }] = await Promise.all([
    import('viem'),
    import('viem/siwe'),
  ]);
  return { getAddress, isAddress, verifyMessage, generateSiweNonce, parseSiweMessage };
});

export type Viem = Awaited<ReturnType<typeof loadViem>>;
