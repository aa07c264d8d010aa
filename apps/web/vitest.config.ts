import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { sharedAlias } from './shared-alias';
import { defineConfig } from 'vitest/config';

/** Component tests: jsdom + Testing Library. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedAlias },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A guard against hangs, not a timing target: the longest tests take ~10 s alone and twice that when the
    // server suites share the machine (CI once ran one over 15 s).
    testTimeout: 30_000,
    // Vitest's default (one worker per core less one) is a single worker on 2 cores; each file spends
    // much of its time setting up jsdom and importing, which two workers overlap.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
