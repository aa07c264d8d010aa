import { describe, expect, it } from 'vitest';
import { oggOpus, webmOpus } from '#test/voice-notes.js';
import { HttpError } from '#src/core/errors.js';
import { readVoiceNote, sniffVoice, webmDurationMs } from './voice.js';

const statusOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'taken';
  } catch (e) {
    return e instanceof HttpError ? e.statusCode : String(e);
  }
};

describe('voice notes by content', () => {
  it('knows WebM, Ogg and MP4 by their first bytes, and nothing else', () => {
    expect(sniffVoice(webmOpus(1))).toBe('audio/webm');
    expect(sniffVoice(oggOpus(1))).toBe('audio/ogg');
    expect(sniffVoice(Buffer.from('\0\0\0\x20ftypM4A \0\0\0\0', 'latin1'))).toBe('audio/mp4');
    expect(sniffVoice(Buffer.from('<html></html>'))).toBeNull();
    expect(sniffVoice(Buffer.alloc(0))).toBeNull();
  });

  it("reads a WebM's length from its clusters when the header has none (Chrome), and from either when both", () => {
    expect(webmDurationMs(webmOpus(7.5))).toBe(7500);
    expect(webmDurationMs(webmOpus(2, { chromeLike: false }))).toBe(2000);
  });

  it('refuses a truncated or garbled WebM rather than guessing', () => {
    expect(webmDurationMs(webmOpus(2).subarray(0, 30))).toBeNull();
    expect(webmDurationMs(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0xff, 0xff]))).toBeNull();
  });

  it('measures the file, not the client: over 2 minutes is 422 whatever duration_ms says', async () => {
    expect(await statusOf(readVoiceNote(webmOpus(121), 1000))).toBe(422);
    expect(await statusOf(readVoiceNote(oggOpus(119), undefined))).toBe('taken');
    expect(await statusOf(readVoiceNote(Buffer.from('OggS garbage'), 1000))).toBe(415);
  });
});
