import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error http_ece ships no types; decrypt(buffer, params) is all this needs.
import ece from 'http_ece';

/** One request the local push service took, decrypted with the browser's keys when it could be. */
export interface PushedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: string;
  /** As PushSubscription.toJSON() gives them. */
  json: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey('base64url'), auth } };
}

/** Decrypts an aes128gcm push body with the browser's keys, as the browser does. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  return (ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }) as Buffer).toString('utf8');
}

/**
 * A push service on 127.0.0.1 over real HTTPS (a certificate made with openssl for the test): it
 * keeps every request and answers each path's status (201 unless told), like FCM or Mozilla's would.
 */
export async function startPushService() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tribes-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const ca = readFileSync(cert);
  const requests: PushedRequest[] = [];
  const statuses = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const server: Server = createServer({ key: readFileSync(key), cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(req.url ?? '') ?? 201;
      res.end();
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** An agent that trusts this service's certificate (and only it). */
    agent: new Agent({ ca }),
    requests,
    /** The answer for one path from now on (e.g. 410 Gone). */
    answer(pathname: string, status: number) {
      statuses.set(pathname, status);
    },
    /** Resolves once `n` requests reached `pathname` (or rejects after `ms`). */
    async waitFor(pathname: string, n = 1, ms = 20_000): Promise<PushedRequest[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const got = requests.filter((r) => r.path === pathname);
        if (got.length >= n) return got;
        if (Date.now() > deadline) throw new Error(`push service: ${got.length} of ${n} requests to ${pathname}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
