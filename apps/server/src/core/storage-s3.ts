import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { HttpError } from './errors.js';
import { lazy } from './lazy.js';
import { assertPublicFolder, createMediaUrls, PRIVATE_PREFIX, type Storage } from './storage.js';
import type { S3Settings } from './storage-url.js';

// The SDK loads with the first media call, so a start (and every node on disk storage) does not pay for it.
const loadS3 = lazy(() => import('@aws-sdk/client-s3'));

/** 503 storage_unavailable: the media store did not answer (or refused the node's keys); the request may be retried. */
export const storageUnavailable = () =>
  new HttpError(503, 'errors.storage_unavailable', {}, undefined, { 'retry-after': '5' }, 'storage_unavailable');

/** Did the store answer that this key holds nothing? (A missing bucket is a misconfiguration, not a missing object.) */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name !== 'NoSuchBucket' && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404);
}

export interface S3StorageDeps {
  secret: string;
  now: () => Date;
  /** Told of every failed call to the store (the answer to the client is a plain 503). */
  onError: (failure: { op: string; key: string; error: string; status?: number; message: string }) => void;
}

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Garage), so every node serves every
 * upload. The keys and URLs are the disk storage's: the app streams public objects at /media/{key} and
 * private ones at their signed /media/private/... links, so stored rows, the web and cached pages do not
 * change with the store, and the bucket itself stays private.
 */
export function createS3Storage(settings: S3Settings, deps: S3StorageDeps): Storage {
  const { bucket } = settings;
  let client: S3Client | undefined;
  const connect = lazy(async () => {
    const sdk = await loadS3();
    client = new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: stores that do not know the SDK's newer CRC checksums
      // (older MinIO and Garage releases) refuse requests that carry them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down, black-holed or stalled fails the request in seconds (503), never hangs it:
      // one retry, 3 s to connect, 10 s of silence on a socket.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 },
    });
    return { client, sdk };
  });

  /** Runs one call to the store; a missing object answers `missing`, any other failure is a 503. */
  async function call<T, M = never>(
    op: string,
    key: string,
    run: (c: Awaited<ReturnType<typeof connect>>) => Promise<T>,
    missing?: () => M,
  ) {
    try {
      return await run(await connect());
    } catch (err) {
      if (missing && isMissing(err)) return missing();
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      deps.onError({ op, key, error: e.name ?? 'Error', status: e.$metadata?.httpStatusCode, message: e.message ?? String(err) });
      throw storageUnavailable();
    }
  }

  const copySource = (key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

  return {
    ...createMediaUrls(deps.secret, deps.now),
    async put(key, body, contentType) {
      await call('put', key, ({ client, sdk }) =>
        client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType })),
      );
    },
    async read(key) {
      return call('read', key, async ({ client, sdk }) => {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      });
    },
    open(key) {
      return call(
        'open',
        key,
        async ({ client, sdk }) => {
          const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
          return { body: out.Body as Readable, length: out.ContentLength };
        },
        () => null,
      );
    },
    async delete(key) {
      // Deleting a missing key is no error in S3.
      await call('delete', key, ({ client, sdk }) => client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },
    async privatize(folder) {
      assertPublicFolder(folder);
      let moved = 0;
      let token: string | undefined;
      do {
        const page = await call('list', folder, ({ client, sdk }) =>
          client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token })),
        );
        for (const { Key: key } of page.Contents ?? []) {
          if (!key) continue;
          // Copy, then delete: the object is public or private (or briefly both, never reachable
          // publicly since the folder's old paths answer 404), never lost. A copy that finds nothing
          // means another node moved it first.
          const copied = await call(
            'privatize',
            key,
            ({ client, sdk }) =>
              client.send(
                new sdk.CopyObjectCommand({ Bucket: bucket, Key: `${PRIVATE_PREFIX}${key}`, CopySource: copySource(key) }),
              ),
            () => null,
          );
          if (!copied) continue;
          await call('privatize', key, ({ client, sdk }) =>
            client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key })),
          );
          moved++;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return moved;
    },
    close() {
      client?.destroy();
    },
  };
}
