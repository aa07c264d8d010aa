import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a test account answers as claims (scopes openid email profile). */
export interface IssuerAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface LocalIssuer {
  /** http://127.0.0.1:<port> */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets the claims of the account `sub` (the dev login form's "login" is the subject). */
  setAccount(sub: string, claims: IssuerAccount): Promise<void>;
  /**
   * Plays the browser at the issuer: opens the authorization URL, signs in as `subject` on the dev
   * login form, confirms consent (or aborts: the issuer then answers error=access_denied), and
   * answers the redirect back to the client's callback with its query.
   */
  authorize(authorizationUrl: string, subject: string, options?: { abort?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'oidc-issuer-server.mjs');

/**
 * A real OpenID Connect issuer (oidc-provider 9, oidc-issuer-server.mjs) on 127.0.0.1 for tests: one confidential client
 * (client_secret_post, code flow, PKCE required), the dev interactions (login form, consent), and
 * accounts the test fills in. Email and name come from userinfo, as with many issuers.
 */
export async function startOidcIssuer({
  redirectUris,
  clientId = 'tribes-test',
  clientSecret = 'tribes-test-secret-0123456789abcdef',
}: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<LocalIssuer> {
  // Its own process: oidc-provider's routing answers 404 to everything when loaded through Vitest's module runner.
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_ISSUER: JSON.stringify({ clientId, clientSecret, redirectUris }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+)\n/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`oidc issuer exited with ${code}: ${err.slice(-500)}`)));
  });

  return {
    issuer,
    clientId,
    clientSecret,
    async setAccount(sub, claims) {
      const res = await fetch(`${issuer}/test/accounts/${encodeURIComponent(sub)}`, {
        method: 'PUT',
        body: JSON.stringify(claims),
      });
      if (res.status !== 204) throw new Error(`setting account ${sub} failed: ${res.status}`);
    },
    async authorize(authorizationUrl, subject, { abort = false } = {}) {
      const jar = new Map<string, string>();
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const remember = (res: Response) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
        }
      };
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop += 1) {
        if (!url.href.startsWith(issuer)) return url;
        let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
        remember(res);
        if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
          const html = await res.text();
          const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
          const action = new URL(/<form[^>]*action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'), issuer);
          if (abort) {
            res = await fetch(new URL(`${url.pathname}/abort`, issuer), { redirect: 'manual', headers: { cookie: cookie() } });
          } else {
            const form = new URLSearchParams(
              prompt === 'login' ? { prompt, login: subject, password: 'any' } : { prompt: prompt! },
            );
            res = await fetch(action, { method: 'POST', redirect: 'manual', headers: { cookie: cookie() }, body: form });
          }
          remember(res);
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`issuer answered ${res.status} at ${url.pathname} without a redirect`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the issuer');
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
