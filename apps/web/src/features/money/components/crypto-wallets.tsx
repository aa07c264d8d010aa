import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useConfirm } from '../../../lib/use-confirm';
import { useCryptoWallets, useUnlinkCryptoWallet, type CryptoWallet } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';
import { useLinkWallet } from '../use-link-wallet';

const CHAINS: Record<number, string> = {
  1: 'Ethereum',
  10: 'Optimism',
  137: 'Polygon',
  8453: 'Base',
  42161: 'Arbitrum',
  11155111: 'Sepolia',
};

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Linking browser wallets by signature (Sign-In with Ethereum), the linked list, unlinking after a confirmation. */
export function CryptoWallets() {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const wallets = useCryptoWallets();
  const unlink = useUnlinkCryptoWallet();
  const linker = useLinkWallet();
  const confirm = useConfirm<CryptoWallet>();
  const list = wallets.data ?? [];
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="connect-title">
        <Stack spacing={2}>
          <Typography id="connect-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {t('money.crypto.connectTitle')}
          </Typography>
          <Typography color="text.secondary">{t('money.crypto.intro')}</Typography>
          {linker.available ? (
            <Button
              variant="contained"
              startIcon={<AccountBalanceWalletOutlinedIcon />}
              onClick={() => void linker.connect()}
              disabled={linker.busy}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="connect-wallet"
            >
              {linker.busy ? t('money.crypto.connecting') : t('money.crypto.connect')}
            </Button>
          ) : (
            <Alert severity="info" data-testid="no-wallet">
              {t('money.crypto.noProvider')}{' '}
              <Link href="https://ethereum.org/wallets/find-wallet" target="_blank" rel="noopener noreferrer">
                {t('money.crypto.findWallet')}
              </Link>
            </Alert>
          )}
          {linker.error && (
            <Alert severity="warning" role="alert">
              {linker.error}
            </Alert>
          )}
        </Stack>
      </Paper>
      <Stack spacing={1.5} component="section" aria-labelledby="linked-title">
        <Typography id="linked-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('money.crypto.linkedTitle')}
        </Typography>
        {wallets.isPending ? (
          <ListSkeleton rows={1} height={64} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={AccountBalanceWalletOutlinedIcon}
            title={t('money.crypto.empty')}
            body={t('money.crypto.emptyBody')}
            headingLevel="h3"
          />
        ) : (
          <Paper variant="outlined">
            <List disablePadding aria-label={t('money.crypto.linkedTitle')}>
              {list.map((w) => (
                <ListItem
                  key={w.id}
                  divider
                  data-testid="crypto-wallet"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      onClick={() => confirm.ask(w)}
                      aria-label={t('money.crypto.unlinkLabel', { address: short(w.address) })}
                    >
                      <LinkOffIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={
                      <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} dir="ltr">
                        {w.address}
                      </Typography>
                    }
                    secondary={t('money.crypto.linkedOn', {
                      chain: CHAINS[w.chain_id] ?? String(w.chain_id),
                      date: f.date(w.created_at),
                    })}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        open={confirm.open}
        title={t('money.crypto.unlinkTitle')}
        body={t('money.crypto.unlinkBody', { address: confirm.subject ? short(confirm.subject.address) : '' })}
        confirmLabel={t('money.crypto.unlink')}
        onConfirm={() => confirm.subject && unlink.mutate(confirm.subject.id, { onSettled: confirm.close })}
        onClose={confirm.close}
        pending={unlink.isPending}
      />
    </Stack>
  );
}
