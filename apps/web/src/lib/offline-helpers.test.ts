import { afterEach, describe, expect, it } from 'vitest';
import { dataSaverOn, setDataSaver } from './data-saver';
import { fitInside } from './downscale-image';
import { isKeptMediaPath, isReadableApiPath } from './offline-caches';

describe('photos downscaled before upload', () => {
  it('fits the longest side in the bound, keeps proportions and never enlarges', () => {
    expect(fitInside(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitInside(3000, 4000, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(fitInside(800, 600, 2048)).toEqual({ width: 800, height: 600 });
    expect(fitInside(10_000, 3, 2048)).toEqual({ width: 2048, height: 1 });
  });
});

describe('what the service worker keeps for reading offline', () => {
  it('keeps the reading endpoints and never money, sessions or downloads', () => {
    for (const path of [
      '/api/v1/feed',
      '/api/v1/me',
      '/api/v1/tribes/abc',
      '/api/v1/tribes/abc/posts',
      '/api/v1/lessons/1',
      '/api/v1/courses/1',
    ])
      expect(isReadableApiPath(path), path).toBe(true);
    for (const path of [
      '/api/v1/wallet',
      '/api/v1/tribes/abc/campaigns',
      '/api/v1/tribes/abc/treasury',
      '/api/v1/tribes/abc/ledger',
      '/api/v1/me/sessions',
      '/api/v1/me/donations/statement',
      '/api/v1/courses/1/certificate',
      '/api/v1/assessments/1/edit',
      '/api/v1/auth/providers',
      '/api/v1/feedx',
    ])
      expect(isReadableApiPath(path), path).toBe(false);
  });
});

describe('the data saver', () => {
  afterEach(() => setDataSaver('auto'));
  it('follows the browser (Save-Data) unless the member chose, and remembers the choice', () => {
    expect(dataSaverOn('auto', true)).toBe(true);
    expect(dataSaverOn('auto', false)).toBe(false);
    expect(dataSaverOn('off', true)).toBe(false);
    expect(dataSaverOn('on', false)).toBe(true);
    setDataSaver('on');
    expect(window.localStorage.getItem('dataSaver')).toBe('on');
    expect(dataSaverOn()).toBe(true);
    setDataSaver('auto');
    expect(window.localStorage.getItem('dataSaver')).toBeNull();
  });
});

describe('the media the service worker keeps', () => {
  it('keeps photos, avatars and covers, tribe-only photos too, but never an expense receipt', () => {
    for (const path of ['/media/posts/a.webp', '/media/avatars/b.webp', '/media/private/posts/c.webp'])
      expect(isKeptMediaPath(path), path).toBe(true);
    for (const path of ['/media/private/receipts/d.webp', '/media/private/receipts/e.pdf', '/api/v1/feed'])
      expect(isKeptMediaPath(path), path).toBe(false);
  });
});
