import { IdParamsSchema } from '../schemas/common.js';
import { CryptoWalletSchema, LinkCryptoWalletBodySchema, SiweNonceSchema } from '../schemas/money.js';
import { z } from 'zod';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Linked crypto wallets (DESIGN section 5): a user links a wallet by signing a Sign-In with
 * Ethereum (EIP-4361) message that carries a nonce the server issued to them. The server checks
 * the domain (from PUBLIC_URL), the single-use nonce, the chain, the times and the signature; each
 * failure is a 400 on `message` or `signature`. An address belongs to one user (409
 * crypto.address_taken, without an error_type). Every endpoint needs `Authorization: Bearer`;
 * writes are rate limited (60 per minute per user).
 */

const tags = ['crypto'] as const;

export const cryptoEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/crypto_wallets',
    summary: 'My linked wallets, oldest first (one page).',
    tags,
    auth: 'user',
    data: z.object({ items: z.array(CryptoWalletSchema), next_cursor: z.string().nullable() }),
    errors: [401],
  }),
  nonce: endpoint({
    method: 'POST',
    path: '/v1/crypto_wallets/nonce',
    summary: 'A single-use nonce (10 minutes) and the domain, uri and chains a Sign-In with Ethereum message must carry.',
    tags,
    auth: 'user',
    data: SiweNonceSchema,
    errors: [401],
  }),
  link: endpoint({
    method: 'POST',
    path: '/v1/crypto_wallets',
    summary: 'Links the wallet that signed the message (the same wallet again answers it as it is).',
    tags,
    auth: 'user',
    body: LinkCryptoWalletBodySchema,
    data: z.object({ wallet: CryptoWalletSchema }),
    status: 201,
    errors: [401, 409],
  }),
  unlink: endpoint({
    method: 'DELETE',
    path: '/v1/crypto_wallets/{id}',
    summary: 'Unlinks one of my wallets.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 404],
  }),
} as const;
