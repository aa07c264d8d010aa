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
