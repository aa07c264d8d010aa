import { describe, expect, it } from 'vitest';
import { KEEP_CODE, readKeepCode } from '../src/lib/offline-caches';

describe("the page's 'keep this code' message, as the worker reads it", () => {
  it('takes the /assets/ paths and whether to fetch the reading pages ahead', () => {
    expect(readKeepCode({ type: KEEP_CODE, used: ['/assets/index-Ab1.js', '/assets/en-x_Y.js'], ahead: true })).toEqual({
      type: KEEP_CODE,
      used: ['/assets/index-Ab1.js', '/assets/en-x_Y.js'],
      ahead: true,
    });
  });

  it('keeps nothing but same-origin files under /assets/, and fetches ahead only when told so exactly', () => {
    const message = readKeepCode({
      type: KEEP_CODE,
      used: ['/assets/a.js', 'https://evil.example/assets/b.js', '/api/v1/me', '/assets/../sw.js', '/assets/x/y.js', 42],
      ahead: 'yes',
    });
    expect(message).toEqual({ type: KEEP_CODE, used: ['/assets/a.js'], ahead: false });
  });

  it('ignores anything else posted to the worker', () => {
    expect(readKeepCode(null)).toBeNull();
    expect(readKeepCode('keep-code')).toBeNull();
    expect(readKeepCode({ type: 'other', used: [] })).toBeNull();
    expect(readKeepCode({ type: KEEP_CODE, used: '/assets/a.js' })).toBeNull();
  });
});
