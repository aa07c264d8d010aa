#!/usr/bin/env node
// `npm run build -w apps/server` (and `npm start` when the sources changed): compiles the server to
// JavaScript in dist/ with esbuild. The server's own code and @tribes/shared (TypeScript source) are
// bundled into dist/main.js; every other package stays in node_modules (native argon2 and sharp,
// PGlite's WASM, pdfkit's and DejaVu's fonts, swagger-ui's assets are read from their own folders),
// and the SQL migrations are copied next to the bundle, where core/db/client.ts looks for them.
// Usage: node build.mjs [--outdir <dir>]
import { cpSync, mkdirSync, renameSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/** Bare imports stay external (resolved from node_modules at run time), except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@tribes/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the server into `outdir` (default apps/server/dist); returns the path of the entry point. */
export async function buildServer(outdir = path.join(serverDir, 'dist')) {
  const startedAt = new Date();
  // Built beside the target and swapped in at the end: a failed build leaves the last good one whole.
  const staging = `${outdir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await compile(staging);
    cpSync(path.join(serverDir, 'src/core/db/migrations'), path.join(staging, 'migrations'), { recursive: true });
    // The entry point carries the time the build read its sources, so a source saved during the build is newer.
    utimesSync(path.join(staging, 'main.js'), startedAt, startedAt);
    rmSync(outdir, { recursive: true, force: true });
    renameSync(staging, outdir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return path.join(outdir, 'main.js');
}

async function compile(outdir) {
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: serverDir,
    entryPoints: { main: 'src/main.ts' },
    outdir,
    bundle: true,
    // Dynamic imports (the demo seed) stay separate chunks, loaded only when used.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages],
    // Linked source maps without the sources: `node --enable-source-maps` points stack traces at the TypeScript.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--outdir');
  const outdir = i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : undefined;
  const t0 = Date.now();
  buildServer(outdir).then(
    (main) => console.log(`Built the server: ${path.relative(process.cwd(), main)} (${Date.now() - t0} ms)`),
    (err) => {
      // esbuild has already printed its errors with their source lines.
      if (!Array.isArray(err?.errors)) console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
