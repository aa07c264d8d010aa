import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The real entry point in a child process (by default the TypeScript sources through tsx; `args`
 * after `node` to run a build instead, from `cwd`); resolves once it prints its URL.
 */
export async function startServerProcess(
  env: Record<string, string>,
  args = ['--import', 'tsx', 'src/main.ts'],
  cwd = serverDir,
) {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...(process.env as Record<string, string>), PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!/Tribes is running at (http:\/\/localhost:\d+)/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const baseUrl = /Tribes is running at (http:\/\/localhost:\d+)/.exec(output)![1]!;
  return { child, baseUrl, output: () => output, exited };
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** A node's answer: its status, headers and parsed JSON envelope (empty when the body is not JSON). */
export interface NodeAnswer {
  status: number;
  headers: Headers;
  body: { status?: string; error_type?: string; message?: string; data?: Record<string, unknown> };
}

/**
 * One request to a node process, with a client-side guard (10 s): a hang fails the test instead of
 * passing late. A JSON body is sent as JSON. Rejects with a TypeError when the connection dies before
 * the answer (a killed node), with a TimeoutError when the guard runs out.
 */
export async function callNode(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<NodeAnswer> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: NodeAnswer['body'] = {};
  try {
    parsed = JSON.parse(text) as NodeAnswer['body'];
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** The first 6-digit code in the n-th mail to `email` that a mail sink (test/mail-sink.ts) received. */
export async function mailedCode(
  sink: { waitFor(to: string, count?: number, timeoutMs?: number): Promise<{ text: string }> },
  email: string,
  count = 1,
): Promise<string> {
  const mail = await sink.waitFor(email, count, 30_000);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

/**
 * Registers an account on a node and confirms its email with the code the node mailed to `sink`:
 * the bearer header of its session.
 */
export async function signUpOnNode(
  baseUrl: string,
  sink: Parameters<typeof mailedCode>[0],
  email: string,
  name = 'Process Test',
): Promise<{ authorization: string }> {
  const password = 'a fine passphrase for processes';
  const registered = await callNode(baseUrl, 'POST', '/api/v1/auth/register', {
    name,
    email,
    password,
    password_confirmation: password,
  });
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = await mailedCode(sink, email);
  const verified = await callNode(baseUrl, 'POST', '/api/v1/auth/email/otp/verify', {
    email,
    code,
    purpose: 'email-verification',
  });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { authorization: `Bearer ${verified.body.data!.auth_token as string}` };
}
