import { describe, expect, it } from 'vitest';
import { relyingParty } from './assertions.js';

describe('the WebAuthn relying party of PUBLIC_URL', () => {
  it('is the hostname and origin of a named host', () => {
    expect(relyingParty(new URL('https://tribes.example.org'))).toEqual({
      rpID: 'tribes.example.org',
      origin: 'https://tribes.example.org',
    });
    expect(relyingParty(new URL('http://localhost:3000/app'))).toEqual({ rpID: 'localhost', origin: 'http://localhost:3000' });
  });

  it('is localhost on the same port for a loopback address, which cannot be an RP ID', () => {
    expect(relyingParty(new URL('http://127.0.0.1:4173'))).toEqual({ rpID: 'localhost', origin: 'http://localhost:4173' });
    expect(relyingParty(new URL('http://[::1]:8080'))).toEqual({ rpID: 'localhost', origin: 'http://localhost:8080' });
  });
});
