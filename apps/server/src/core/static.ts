import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that belong to the API and never fall back to the web app. */
export const API_PREFIXES = ['/api/', '/media/', '/broadcasting/', '/app/', '/apps/'];

/** Serves uploaded media (long-lived, immutable names) and the built web app with its SPA fallback. */
export async function registerStatic(app: FastifyInstance, opts: { uploadsDir: string; webDistDir?: string }): Promise<boolean> {
  mkdirSync(opts.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: path.resolve(opts.uploadsDir),
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
  });
  const dist =
    opts.webDistDir && existsSync(path.join(opts.webDistDir, 'index.html')) ? path.resolve(opts.webDistDir) : undefined;
  if (!dist) return false;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, file) {
      // Hashed assets never change; index.html must be revalidated so a deploy reaches everyone.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}
