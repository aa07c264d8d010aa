import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSiweNonce, useLinkCryptoWallet } from './api';
import { browserWallet, isUserRejection, siweMessage, utf8Hex } from './siwe';

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Links the browser wallet's account: the server's single-use nonce, a Sign-In with Ethereum
 * message for this site, the wallet's signature, and the server checks it all.
 */
export function useLinkWallet() {
  const { t } = useTranslation();
  const link = useLinkCryptoWallet();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = browserWallet();

  const connect = async () => {
    if (!provider) return;
    setBusy(true);
    setError(null);
    try {
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      const address = accounts[0]?.toLowerCase();
      if (!address) throw new Error('no account');
      const chainHex = (await provider.request({ method: 'eth_chainId' })) as string;
      const chainId = Number.parseInt(chainHex, 16);
      const nonce = await fetchSiweNonce();
      if (!nonce.chain_ids.includes(chainId)) {
        setError(t('money.crypto.wrongChain'));
        return;
      }
      const now = new Date();
      const message = siweMessage({
        domain: nonce.domain,
        address,
        statement: t('money.crypto.statement'),
        uri: nonce.uri,
        chainId,
        nonce: nonce.nonce,
        issuedAt: now,
        expirationTime: new Date(now.getTime() + TEN_MINUTES),
      });
      const signature = (await provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
      await link.mutateAsync({ message, signature });
    } catch (err) {
      if (isUserRejection(err)) setError(t('money.crypto.rejected'));
      else if (!(err instanceof Error && err.name === 'ApiError')) setError(t('money.crypto.failed'));
    } finally {
      setBusy(false);
    }
  };

  return { available: provider !== null, connect, busy, error };
}
