/** An EIP-1193 provider as browser wallets inject it (window.ethereum). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The browser wallet, if one is installed. */
export function browserWallet(): Eip1193Provider | null {
  const w = window as unknown as { ethereum?: Eip1193Provider };
  return w.ethereum && typeof w.ethereum.request === 'function' ? w.ethereum : null;
}

export interface SiweFields {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}

/** The EIP-4361 (Sign-In with Ethereum) message, line by line as the standard writes it. */
export function siweMessage(f: SiweFields): string {
  return [
    `${f.domain} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt.toISOString()}`,
    `Expiration Time: ${f.expirationTime.toISOString()}`,
  ].join('\n');
}

/** personal_sign takes the message as hex of its UTF-8 bytes. */
export function utf8Hex(text: string): string {
  return `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The wallet refused (EIP-1193 code 4001: the user rejected the request). */
export const isUserRejection = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 4001;
