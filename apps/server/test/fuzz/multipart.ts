import fc from 'fast-check';
import { badTextArb } from './values.js';

/**
 * Malformed multipart/form-data requests: no, empty or wrong boundary, unclosed bodies, parts
 * without headers, unknown and huge fields, too many parts, files where text belongs and text that
 * claims to be an image.
 */
export interface MultipartCase {
  kind: string;
  headers: Record<string, string>;
  payload: Buffer;
}

/** Field and file names the upload endpoints read (posts, avatar, campaign cover), plus strangers. */
const FIELD_NAMES = [
  'body',
  'tribe_id',
  'visibility',
  'alt',
  'alt[]',
  'title',
  'description',
  'goal',
  'monthly_goal',
  'ends_at',
  'milestones',
  'evil',
  '__proto__',
  '',
  'ключ',
  'x'.repeat(500),
];
const FILE_NAMES = ['avatar', 'images', 'images[]', 'cover', 'file', 'evil', '__proto__', ''];

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const fieldPart = (b: string, name: string, value: string) =>
  `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (b: string, name: string, filename: string, type: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ]);

const fileDataArb = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc.constant(PNG_HEAD),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
  fc.constant(Buffer.from('GIF89a')),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
  fc.constant(Buffer.alloc(200_000, 0x41)),
);

/** A well-formed body of text fields and files, before something is broken in it. */
const partsArb = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom(...FIELD_NAMES), fc.oneof(badTextArb, fc.constantFrom('hello', 'public', '1000', '[]'))).map(
      ([name, value]) =>
        (b: string) =>
          Buffer.from(fieldPart(b, name, value)),
    ),
    fc
      .tuple(
        fc.constantFrom(...FILE_NAMES),
        fc.constantFrom('a.png', '../../etc/passwd', 'ü.jpg', '', 'x'.repeat(300), 'a\u0000.png'),
        fc.constantFrom('image/png', 'image/svg+xml', 'text/plain', 'application/octet-stream', ''),
        fileDataArb,
      )
      .map(
        ([name, filename, type, data]) =>
          (b: string) =>
            filePart(b, name, filename, type, data),
      ),
  ),
  { maxLength: 5 },
);

const body = (b: string, parts: ((b: string) => Buffer)[], close = true) =>
  Buffer.concat([...parts.map((p) => p(b)), Buffer.from(close ? `--${b}--\r\n` : '')]);

const ct = (boundary: string | null) => ({
  'content-type': boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
});

/** Malformed multipart requests of every kind. */
export const malformedMultipartArb: fc.Arbitrary<MultipartCase> = fc.oneof(
  partsArb.map((parts) => ({ kind: 'no-boundary', headers: ct(null), payload: body('abc', parts) })),
  partsArb.map((parts) => ({ kind: 'empty-boundary', headers: ct(''), payload: body('', parts) })),
  partsArb.map((parts) => ({ kind: 'wrong-boundary', headers: ct('expected'), payload: body('other', parts) })),
  fc.tuple(partsArb, fc.nat(400)).map(([parts, cut]) => {
    const whole = body('abc', parts, false);
    return { kind: 'unclosed', headers: ct('abc'), payload: whole.subarray(0, Math.min(whole.length, cut + 10)) };
  }),
  partsArb.map((parts) => ({ kind: 'unclosed-end', headers: ct('abc'), payload: body('abc', parts, false) })),
  partsArb.map((parts) => ({ kind: 'fields', headers: ct('abc'), payload: body('abc', parts) })),
  fc.constantFrom(
    { kind: 'no-disposition', headers: ct('abc'), payload: Buffer.from('--abc\r\n\r\nvalue\r\n--abc--\r\n') },
    { kind: 'bad-header', headers: ct('abc'), payload: Buffer.from('--abc\r\nContent-Disposition\r\n\r\nvalue\r\n--abc--\r\n') },
    {
      kind: 'quoted-boundary',
      headers: { 'content-type': 'multipart/form-data; boundary="a b"' },
      payload: Buffer.from('--a b\r\n'),
    },
    { kind: 'long-boundary', headers: ct('b'.repeat(200)), payload: Buffer.from(`--${'b'.repeat(200)}--\r\n`) },
    { kind: 'empty', headers: ct('abc'), payload: Buffer.alloc(0) },
    { kind: 'only-close', headers: ct('abc'), payload: Buffer.from('--abc--\r\n') },
    {
      kind: 'charset',
      headers: { 'content-type': 'multipart/form-data; boundary=abc; charset=utf-16' },
      payload: Buffer.from('--abc--\r\n'),
    },
    {
      kind: 'huge-field',
      headers: ct('abc'),
      payload: Buffer.from(`${fieldPart('abc', 'body', 'x'.repeat(70 * 1024))}--abc--\r\n`),
    },
    {
      kind: 'many-parts',
      headers: ct('abc'),
      payload: Buffer.from(`${Array.from({ length: 40 }, (_, i) => fieldPart('abc', `f${i}`, 'v')).join('')}--abc--\r\n`),
    },
    {
      kind: 'many-files',
      headers: ct('abc'),
      payload: Buffer.concat([
        ...Array.from({ length: 7 }, () => filePart('abc', 'images', 'a.png', 'image/png', PNG_HEAD)),
        Buffer.from('--abc--\r\n'),
      ]),
    },
    {
      kind: 'nul-names',
      headers: ct('abc'),
      payload: Buffer.from(`${fieldPart('abc', 'bo\u0000dy', 'v\u0000')}--abc--\r\n`),
    },
  ),
  fc.uint8Array({ maxLength: 300 }).map((a) => ({ kind: 'garbage', headers: ct('abc'), payload: Buffer.from(a) })),
);
