import { afterAll } from 'vitest';

/**
 * The API projects run their files one after another in shared workers (`isolate: false`, for the
 * import time): what one file leaves in process.env must not reach the next. The server itself sets
 * FIREBASE_AUTH_EMULATOR_HOST for firebase-admin when built with an emulator, and a child server that
 * inherits it refuses to start in production. Each file's environment is put back as it found it.
 */
const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
});
