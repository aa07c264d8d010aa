// Small, real voice notes built in the test (no binary fixture, no encoder): Opus silence frames in an
// Ogg or a WebM container, as browsers' MediaRecorder writes them. Chrome's WebM carries no duration
// in its header and leaves its segment and clusters of unknown size; `chromeLike` writes it so.

/** One 20 ms Opus frame of silence (CELT, fullband, mono). */
const SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const FRAME_MS = 20;

const OPUS_HEAD = (() => {
  const b = Buffer.alloc(19);
  b.write('OpusHead', 0, 'latin1');
  b[8] = 1; // version
  b[9] = 1; // channels
  b.writeUInt16LE(312, 10); // pre-skip
  b.writeUInt32LE(48000, 12);
  b.writeInt16LE(0, 16);
  b[18] = 0;
  return b;
})();

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();

function oggCrc(buf: Buffer): number {
  let crc = 0;
  for (const byte of buf) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(packets: Buffer[], opts: { granule: bigint; serial: number; seq: number; type: number }): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = opts.type;
  header.writeBigInt64LE(opts.granule, 6);
  header.writeUInt32LE(opts.serial, 14);
  header.writeUInt32LE(opts.seq, 18);
  header[26] = lacing.length;
  lacing.forEach((l, i) => (header[27 + i] = l));
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** An Ogg Opus file of `seconds` of silence (Firefox's MediaRecorder writes Ogg). */
export function oggOpus(seconds: number): Buffer {
  const tags = Buffer.alloc(8 + 4 + 5 + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(5, 8);
  tags.write('tests', 12, 'latin1');
  tags.writeUInt32LE(0, 17);
  const pages = [
    oggPage([OPUS_HEAD], { granule: 0n, serial: 7, seq: 0, type: 2 }),
    oggPage([tags], { granule: 0n, serial: 7, seq: 1, type: 0 }),
  ];
  const frames = Math.round((seconds * 1000) / FRAME_MS);
  let granule = 312n;
  let seq = 2;
  for (let done = 0; done < frames;) {
    const n = Math.min(50, frames - done);
    done += n;
    granule += BigInt(n * 960);
    pages.push(
      oggPage(
        Array.from({ length: n }, () => SILENCE),
        { granule, serial: 7, seq: seq++, type: done === frames ? 4 : 0 },
      ),
    );
  }
  return Buffer.concat(pages);
}

function vint(n: number): Buffer {
  for (let len = 1; len <= 8; len++) {
    if (n < 2 ** (7 * len) - 1) {
      const b = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        b[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      b[0]! |= 1 << (8 - len);
      return b;
    }
  }
  throw new Error('too large');
}
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const el = (id: number[], ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  return Buffer.concat([Buffer.from(id), vint(body.length), body]);
};
const uint = (id: number[], v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return el(id, b);
};
const float = (id: number[], v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return el(id, b);
};
const str = (id: number[], v: string) => el(id, Buffer.from(v, 'latin1'));

/** A WebM Opus file of `seconds` of silence; `chromeLike` leaves out the duration and sizes, as Chrome's recorder does. */
export function webmOpus(seconds: number, { chromeLike = true } = {}): Buffer {
  const header = el(
    [0x1a, 0x45, 0xdf, 0xa3],
    uint([0x42, 0x86], 1),
    uint([0x42, 0xf7], 1),
    uint([0x42, 0xf2], 4),
    uint([0x42, 0xf3], 8),
    str([0x42, 0x82], 'webm'),
    uint([0x42, 0x87], 4),
    uint([0x42, 0x85], 2),
  );
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    uint([0x2a, 0xd7, 0xb1], 1_000_000),
    str([0x4d, 0x80], 'tests'),
    str([0x57, 0x41], 'tests'),
    ...(chromeLike ? [] : [float([0x44, 0x89], seconds * 1000)]),
  );
  const tracks = el(
    [0x16, 0x54, 0xae, 0x6b],
    el(
      [0xae],
      uint([0xd7], 1),
      uint([0x73, 0xc5], 1),
      str([0x86], 'A_OPUS'),
      uint([0x83], 2),
      el([0x63, 0xa2], OPUS_HEAD),
      el([0xe1], float([0xb5], 48000), uint([0x9f], 1)),
    ),
  );
  const frames = Math.round((seconds * 1000) / FRAME_MS);
  const clusters: Buffer[] = [];
  for (let start = 0; start < frames; start += 250) {
    const blocks: Buffer[] = [];
    for (let i = start; i < Math.min(frames, start + 250); i++) {
      const rel = Buffer.alloc(2);
      rel.writeInt16BE((i - start) * FRAME_MS);
      blocks.push(el([0xa3], Buffer.from([0x81]), rel, Buffer.from([0x80]), SILENCE));
    }
    const body = Buffer.concat([uint([0xe7], start * FRAME_MS), ...blocks]);
    clusters.push(
      chromeLike
        ? Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN_SIZE, body])
        : el([0x1f, 0x43, 0xb6, 0x75], body),
    );
  }
  const segmentBody = Buffer.concat([info, tracks, ...clusters]);
  const segment = chromeLike
    ? Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, segmentBody])
    : el([0x18, 0x53, 0x80, 0x67], segmentBody);
  return Buffer.concat([header, segment]);
}
