import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes the compressed twins of one file (name.br, name.gz); false when it is not worth it. */
export function precompressFile(file: string): boolean {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return false;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (gz.length >= body.length) return false;
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  return true;
}

/**
 * After the build, writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the
 * output, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on each request or not at all.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tribes-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      let count = 0;
      for (const file of files(outDir)) if (precompressFile(file)) count += 1;
      this.info?.(`precompressed ${count} files (.br, .gz)`);
    },
  };
}
