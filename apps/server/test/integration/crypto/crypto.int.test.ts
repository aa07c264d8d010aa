import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, signUp } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const nonceFor = async (token: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1/crypto_wallets/nonce', headers: bearer(token) })).json().data
    .nonce as string;

/** A SIWE message for this server (PUBLIC_URL http://localhost:3000), signed by a viem local account. */
async function signedMessage(
  nonce: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  key = generatePrivateKey(),
) {
  const account = privateKeyToAccount(key);
  const message = createSiweMessage({
    address: account.address,
    chainId: 1,
    domain: 'localhost:3000',
    nonce,
    uri: 'http://localhost:3000/setting/crypto_wallet',
    version: '1',
    issuedAt: t.clock.now(),
    expirationTime: new Date(t.clock.now().getTime() + 10 * 60 * 1000),
    statement: 'Link this wallet to my Tribes account.',
    ...overrides,
  });
  return { account, message, signature: await account.signMessage({ message }) };
}

const link = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/crypto_wallets', payload: body, headers: bearer(token) });

describe('Sign-In with Ethereum wallet linking', () => {
  it('links an address proven by signature, lists it, and unlinks it', async () => {
    const u = await signUp(t);
    const { account, message, signature } = await signedMessage(await nonceFor(u.token));
    const res = await link(u.token, { message, signature });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.wallet).toMatchObject({ address: account.address, chain_id: 1 });
    const list = (await t.app.inject({ url: '/api/v1/crypto_wallets', headers: bearer(u.token) })).json().data.items;
    expect(list.map((w: { address: string }) => w.address)).toEqual([account.address]);
    const other = await signUp(t);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/crypto_wallets/${list[0].id}`, headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/crypto_wallets/${list[0].id}`, headers: bearer(u.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a reused nonce', async () => {
    const u = await signUp(t);
    const nonce = await nonceFor(u.token);
    const first = await signedMessage(nonce);
    expect((await link(u.token, { message: first.message, signature: first.signature })).statusCode).toBe(201);
    const second = await signedMessage(nonce);
    const res = await link(u.token, { message: second.message, signature: second.signature });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toEqual(['This sign-in request was already used or has expired. Start again.']);
  });

  it('refuses a wrong domain, a wrong chain, an expired message and another user\u2019s nonce', async () => {
    const u = await signUp(t);
    const stranger = await signUp(t);
    const cases: [Partial<Parameters<typeof createSiweMessage>[0]>, string][] = [
      [{ domain: 'evil.example' }, 'This message was made for another site.'],
      [{ chainId: 56 }, 'This network is not supported.'],
      [
        { expirationTime: new Date(t.clock.now().getTime() - 1000), issuedAt: new Date(t.clock.now().getTime() - 60_000) },
        'This message has expired or is not valid yet. Sign again.',
      ],
    ];
    for (const [overrides, error] of cases) {
      const s = await signedMessage(await nonceFor(u.token), overrides);
      const res = await link(u.token, { message: s.message, signature: s.signature });
      expect(res.statusCode, error).toBe(400);
      expect(res.json().errors.message).toEqual([error]);
    }
    const theirs = await signedMessage(await nonceFor(stranger.token));
    expect((await link(u.token, { message: theirs.message, signature: theirs.signature })).json().errors.message).toHaveLength(1);
  });

  it("refuses another address's signature", async () => {
    const u = await signUp(t);
    const nonce = await nonceFor(u.token);
    const claimed = await signedMessage(nonce);
    const impostor = privateKeyToAccount(generatePrivateKey());
    const forged = await impostor.signMessage({ message: claimed.message });
    const res = await link(u.token, { message: claimed.message, signature: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.signature).toEqual(['The signature does not match the address.']);
    // The nonce was not spent by the failed attempt: the real owner can still use it.
    expect((await link(u.token, { message: claimed.message, signature: claimed.signature })).statusCode).toBe(201);
  });

  it('keeps an address to one user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const key = generatePrivateKey();
    const first = await signedMessage(await nonceFor(a.token), {}, key);
    expect((await link(a.token, { message: first.message, signature: first.signature })).statusCode).toBe(201);
    const second = await signedMessage(await nonceFor(b.token), {}, key);
    const res = await link(b.token, { message: second.message, signature: second.signature });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This address is already linked to another account.');
  });

  it('answers 400 to garbage and 401 without a token', async () => {
    const u = await signUp(t);
    expect((await link(u.token, { message: 'hello', signature: '0x00' })).statusCode).toBe(400);
    expect((await link(u.token, { message: 'x' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/crypto_wallets/nonce' })).statusCode).toBe(401);
  });
});

describe('Sign-In with Ethereum messages the parser reads but cannot vouch for', () => {
  /** A message made right, then one line changed and signed as it is (what a hand-made client could send). */
  async function edited(token: string, from: RegExp, to: string) {
    const { message } = await signedMessage(await nonceFor(token));
    const account = privateKeyToAccount(generatePrivateKey());
    const text = message.replace(/^0x[0-9a-fA-F]{40}$/m, account.address).replace(from, to);
    return { message: text, signature: await account.signMessage({ message: text }) };
  }

  it('answers 400 to a message whose URI is not a URL or whose times are not times', async () => {
    const u = await signUp(t);
    for (const [from, to] of [
      [/^URI: .*$/m, 'URI: not a url'],
      [/^Expiration Time: .*$/m, 'Expiration Time: someday'],
      [/^Issued At: .*$/m, 'Issued At: 2026-13-45T99:99:99Z'],
    ] as const) {
      const res = await link(u.token, await edited(u.token, from, to));
      expect(res.statusCode, to).toBe(400);
      expect(res.json().errors.message, to).toHaveLength(1);
    }
  });
});
