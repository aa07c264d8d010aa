import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts only its own keys (it checks the signatures). */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface S3Server {
  /** STORAGE_URL for the bucket the server was started with. */
  url: string;
  bucket: string;
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

/**
 * Starts s3rver (a local S3-compatible server, pure JavaScript) on 127.0.0.1 at a free port, with one
 * empty bucket in a temporary folder; stop() closes it and removes the folder.
 */
export async function startS3(bucket = 'tribes-media'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tribes-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: `s3://${ACCESS_KEY}:${SECRET_KEY}@127.0.0.1:${port}/${bucket}?ssl=false`,
    bucket,
    endpoint,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    async stop() {
      // Clients keep sockets alive: close them, or close() waits for them.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
