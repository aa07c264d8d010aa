import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopGroup } from './processes.js';

/**
 * The Firebase Authentication emulator (firebase-tools, offline) for tests: started once per test
 * file on free ports of 127.0.0.1, with the `demo-` project id the emulator needs no credentials for.
 * It takes about 30 s to start on a loaded machine, so keep the files that need it few.
 *
 * The helpers drive it through its REST API (Identity Toolkit v1 and its /emulator/v1 extras), the
 * way the web SDK would, and hand back real emulator ID tokens (unsigned JWTs that firebase-admin
 * accepts only while FIREBASE_AUTH_EMULATOR_HOST is set).
 */
export const EMULATOR_PROJECT_ID = 'demo-tribes';
const API_KEY = 'emulator-api-key';

/** A user of the emulator, signed in: its uid and a fresh ID token. */
export interface EmulatorSession {
  uid: string;
  idToken: string;
}

export interface FirebaseEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  /** The environment a Tribes server needs to use this emulator. */
  env: Record<string, string>;
  /** An email/password user (accounts:signUp), email unverified. */
  signUpWithPassword(email: string, password: string): Promise<EmulatorSession>;
  /**
   * Signs in with a fake identity provider (accounts:signInWithIdp): the emulator takes an unsigned
   * JSON claims object as the provider's id_token. `email_verified` as the provider would say.
   */
  signInWithIdp(
    provider: 'google.com' | 'apple.com' | 'facebook.com',
    claims: { sub: string; email?: string; email_verified?: boolean; name?: string },
  ): Promise<EmulatorSession>;
  /** Phone sign-in: sends the SMS code, reads it from the emulator and signs in (E.164 number). */
  signInWithPhone(phoneNumber: string): Promise<EmulatorSession>;
  /** Disables (or enables again) a user, as the Firebase console would. */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function emulatorCall<T>(base: string, pathAndQuery: string, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Auth emulator ${pathAndQuery} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Starts the Auth emulator and waits until it answers (up to 3 minutes on a busy machine). */
export async function startFirebaseEmulator(projectId = EMULATOR_PROJECT_ID): Promise<FirebaseEmulator> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tribes-firebase-'));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own TMPDIR: the emulator writes its hub file as <tmpdir>/hub-<project>.json, which two emulators
    // started at once (the two database legs run side by side) would otherwise share.
    env: {
      ...process.env,
      TMPDIR: dir,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: 'true',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const host = `127.0.0.1:${auth}`;
  const base = `http://${host}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const res = await fetch(`${base}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopGroup(child);
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`The Firebase Auth emulator did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const toolkit = (method: string) => `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`;
  const session = (r: { localId: string; idToken: string }): EmulatorSession => ({ uid: r.localId, idToken: r.idToken });

  return {
    host,
    projectId,
    env: { FIREBASE_PROJECT_ID: projectId, FIREBASE_AUTH_EMULATOR_HOST: host },

    async signUpWithPassword(email, password) {
      return session(await emulatorCall(base, toolkit('signUp'), { email, password, returnSecureToken: true }));
    },

    async signInWithIdp(provider, claims) {
      const postBody = new URLSearchParams({ id_token: JSON.stringify(claims), providerId: provider }).toString();
      return session(
        await emulatorCall(base, toolkit('signInWithIdp'), {
          postBody,
          requestUri: 'http://localhost',
          returnIdpCredential: true,
          returnSecureToken: true,
        }),
      );
    },

    async signInWithPhone(phoneNumber) {
      const { sessionInfo } = await emulatorCall<{ sessionInfo: string }>(base, toolkit('sendVerificationCode'), {
        phoneNumber,
        recaptchaToken: 'ignored-by-the-emulator',
      });
      const { verificationCodes } = await emulatorCall<{
        verificationCodes: { phoneNumber: string; sessionInfo: string; code: string }[];
      }>(base, `/emulator/v1/projects/${projectId}/verificationCodes`, undefined, 'GET');
      const code = verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code;
      if (!code) throw new Error(`No SMS code for ${phoneNumber} in the emulator`);
      return session(await emulatorCall(base, toolkit('signInWithPhoneNumber'), { sessionInfo, code }));
    },

    async setDisabled(uid, disabled) {
      await emulatorCall(base, `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
        localId: uid,
        disableUser: disabled,
      });
    },

    async stop() {
      await stopGroup(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An unsigned JWT shaped like an emulator ID token, for the refusals a real one cannot show
 * (expired, another project): the claims given override a valid token's.
 */
export function unsignedIdToken(projectId: string, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: 'uid-crafted',
    sub: 'uid-crafted',
    iat: now,
    exp: now + 3600,
    email: 'crafted@example.test',
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'google.com' },
    ...claims,
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}
