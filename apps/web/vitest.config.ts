import react from '@vitejs/plugin-react';
import { sharedAlias } from './shared-alias';
import { defineConfig } from 'vitest/config';

/** Component tests: jsdom + Testing Library. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedAlias },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
  },
});
