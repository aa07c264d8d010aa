import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeToken } from './unsubscribe.js';

const id = '0b6f3c1e-2a4d-4e7f-9a1b-3c5d7e9f1a2b';

describe('unsubscribe tokens', () => {
  it('reads back the user and type of a token it made', () => {
    expect(readUnsubscribeToken('s3cret', unsubscribeToken('s3cret', id, 'likes'))).toEqual({ userId: id, type: 'likes' });
    expect(readUnsubscribeToken('s3cret', unsubscribeToken('s3cret', id, 'digest'))).toEqual({ userId: id, type: 'digest' });
  });

  it('refuses a token made under another secret, for another type or user, or malformed', () => {
    const token = unsubscribeToken('s3cret', id, 'likes');
    expect(readUnsubscribeToken('other', token)).toBeNull();
    expect(readUnsubscribeToken('s3cret', token.replace('.likes.', '.comments.'))).toBeNull();
    expect(readUnsubscribeToken('s3cret', token.replace(id.slice(0, 8), 'ffffffff'))).toBeNull();
    for (const bad of ['', 'a.b', `${id}.spam.${token.split('.')[2]}`, `${token}.x`, `${token}A`]) {
      expect(readUnsubscribeToken('s3cret', bad)).toBeNull();
    }
  });

  it('makes the RFC 8058 headers with the https page a client may POST to', () => {
    expect(unsubscribeHeaders('https://tribes.example/', 'tok.en')).toEqual({
      'List-Unsubscribe': '<https://tribes.example/unsubscribe/tok.en>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
