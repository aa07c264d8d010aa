import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';
import { sharedAlias } from './shared-alias';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/media', '/broadcasting', '/app'];

/** The SPA: built into apps/web/dist, which the server serves with an SPA fallback. */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: sharedAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: false, ws: p === '/app' }])),
  },
});
