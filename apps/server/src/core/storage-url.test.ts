import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// As in the running server: @tribes/shared installs zod's catalogue-key error map for the API.
import '@tribes/shared';
import { ConfigError, loadConfig } from './config.js';
import { parseStorageUrl } from './storage-url.js';

const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';

describe('STORAGE_URL', () => {
  it('is unset by default: media on disk under DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tribes-config-'));
    expect(loadConfig({ DATA_DIR: dir }).storage).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a host:port store (MinIO, Garage) as path-style, over http with ssl=false, in us-east-1 by default', () => {
    expect(parseStorageUrl(`s3://minio-key:${SECRET}@127.0.0.1:9000/tribes-media?ssl=false`)).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'tribes-media',
      accessKeyId: 'minio-key',
      secretAccessKey: SECRET,
      forcePathStyle: true,
    });
  });

  it('speaks https unless told otherwise, takes a region, and decodes percent-encoded keys', () => {
    expect(parseStorageUrl('s3://AKIA1:se%2Fcr%2Bet@acc.r2.cloudflarestorage.com/media?region=auto')).toMatchObject({
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      region: 'auto',
      secretAccessKey: 'se/cr+et',
      forcePathStyle: true,
    });
    // AWS's own hosts: virtual-hosted requests, the region read from the host name.
    expect(parseStorageUrl('s3://AKIA1:secret@s3.eu-west-3.amazonaws.com/my.bucket')).toMatchObject({
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'eu-west-3',
      bucket: 'my.bucket',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tribes-config-')), STORAGE_URL: 's3://k:s@h:1/bkt' }).storage,
    ).toMatchObject({ endpoint: 'https://h:1', bucket: 'bkt' });
  });

  it('stops a bad value with a clear message naming STORAGE_URL, never the secret, and touches nothing', () => {
    const cases: [string, string][] = [
      [`https://key:${SECRET}@store.example/media`, 'it must start with s3://'],
      ['s3://store.example/media', 'the access key and the secret key, joined by a colon, come before the @'],
      [`s3://key@store.example/media`, 'the access key and the secret key'],
      [`s3://key:${SECRET}@store.example:9000`, 'one bucket name after the host'],
      [`s3://key:${SECRET}@store.example/media/photos`, 'one bucket name after the host'],
      [`s3://key:${SECRET}@store.example/Media_Files`, 'the bucket name must be 3 to 63 lowercase letters'],
      [`s3://key:${SECRET}@store.example/media?ssl=maybe`, 'ssl must be true or false'],
      [`s3://key:${SECRET}@store.example/media?regoin=eu`, '"regoin" is not a parameter it takes (only region and ssl)'],
      [`s3://key:${SECRET}@store.example/media?region=EU%20West`, 'region must be a region name like us-east-1'],
      // A secret with an unencoded slash breaks the URL: the hint says what to do.
      [`s3://key:abc/${SECRET}@store.example/media`, 'percent-encode / + @ : in the keys'],
      ['not a url', 'it is not a URL'],
    ];
    for (const [value, reason] of cases) {
      const dir = path.join(tmpdir(), `tribes-config-untouched-${Math.random().toString(16).slice(2)}`);
      let text = '';
      try {
        loadConfig({ DATA_DIR: dir, STORAGE_URL: value });
      } catch (err) {
        expect(err, value).toBeInstanceOf(ConfigError);
        text = (err as Error).message;
      }
      expect(text, value).toContain('STORAGE_URL must look like s3://ACCESS_KEY:SECRET_KEY@host:port/bucket');
      expect(text, value).toContain(reason);
      expect(text, value).not.toContain(SECRET);
      expect(text, value).not.toContain(value);
      // Nothing written: not even the dev secrets a good configuration would make.
      expect(existsSync(dir), value).toBe(false);
    }
  });
});
