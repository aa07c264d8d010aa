import { describe, expect, it } from 'vitest';
import { notificationTarget, readPush } from './push-payload';

describe('readPush', () => {
  it('reads the server’s payload and refuses anything else', () => {
    expect(
      readPush(JSON.stringify({ type: 'comment', title: 'Tribes', body: 'Yusuf a commenté', url: 'https://t.example/fr/home' })),
    ).toEqual({
      type: 'comment',
      title: 'Tribes',
      body: 'Yusuf a commenté',
      url: 'https://t.example/fr/home',
    });
    expect(readPush('not json')).toBeNull();
    expect(readPush(JSON.stringify({ title: 1, body: 'x' }))).toBeNull();
    expect(readPush(JSON.stringify({ title: 'T', body: 'b' }))).toMatchObject({ type: 'notification', url: '/' });
  });
});

describe('notificationTarget', () => {
  it('opens the path on this origin, whatever host the server wrote, and never another site or scheme', () => {
    expect(notificationTarget('http://localhost:3000/ar/tribes/abc?tab=posts', 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/ar/tribes/abc?tab=posts',
    );
    expect(notificationTarget('https://evil.example/phish', 'https://tribes.example')).toBe('https://tribes.example/phish');
    expect(notificationTarget('javascript:alert(1)', 'https://tribes.example')).toBe('https://tribes.example/');
    expect(notificationTarget(42, 'https://tribes.example')).toBe('https://tribes.example/');
  });
});
