/** Where an S3-compatible store is and how to reach it (STORAGE_URL, DESIGN 11.1). */
export interface S3Settings {
  /** http(s)://host[:port] of the store's API. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Path-style requests (endpoint/bucket/key), what MinIO, Garage, R2 and any host:port store answer;
   * AWS's own hosts get virtual-hosted ones (bucket.host/key), which it asks for.
   */
  forcePathStyle: boolean;
}

const SHAPE = 'must look like s3://ACCESS_KEY:SECRET_KEY@host:port/bucket?region=us-east-1&ssl=true';
const PARAMS = new Set(['region', 'ssl']);
const SSL_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

/** S3 and its clones name buckets this way (3 to 63 lowercase letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** AWS's regional S3 hosts carry their region: s3.eu-west-1.amazonaws.com. */
const AWS_HOST = /(?:^|\.)s3[.-]([a-z0-9-]+)\.amazonaws\.com$/;

/**
 * STORAGE_URL as S3 settings, or the reason it is refused (a sentence after the variable's name).
 * The reason never repeats the keys: the whole value is a secret.
 */
export function parseStorageUrl(raw: string): S3Settings | string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return `${SHAPE}, but it is not a URL (percent-encode / + @ : in the keys, e.g. / as %2F)`;
  }
  if (url.protocol !== 's3:') return `${SHAPE}: it must start with s3://`;
  if (!url.username || !url.password) return `${SHAPE}: the access key and the secret key, joined by a colon, come before the @`;
  if (!url.hostname) return `${SHAPE}: the store's host name comes after the @`;
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  if (!bucket || bucket.includes('/')) return `${SHAPE}: one bucket name after the host, and nothing after it`;
  if (!BUCKET.test(bucket)) return `${SHAPE}: the bucket name must be 3 to 63 lowercase letters, digits, dots and hyphens`;
  if (url.hash) return `${SHAPE}: nothing after a #`;
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name)) return `${SHAPE}: "${name}" is not a parameter it takes (only region and ssl)`;
  }
  const sslWord = url.searchParams.get('ssl');
  const ssl = sslWord === null ? true : SSL_WORDS[sslWord.toLowerCase()];
  if (ssl === undefined) return `${SHAPE}: ssl must be true or false`;
  const host = url.hostname.toLowerCase();
  const aws = AWS_HOST.exec(host);
  const region = url.searchParams.get('region') ?? aws?.[1] ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return `${SHAPE}: region must be a region name like us-east-1 (or auto for R2)`;
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    return `${SHAPE}: the keys have a broken percent-encoding`;
  }
  return {
    endpoint: `${ssl ? 'https' : 'http'}://${url.host}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: !host.endsWith('.amazonaws.com'),
  };
}
