import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useExpense } from '../api';

/**
 * A paid expense's receipts on the public ledger. Their files are served only through signed links
 * that expire (DESIGN 11.7), so the ledger carries their count and this asks for fresh links when the
 * reader opens them: anyone who may read the ledger may see a paid expense (DESIGN 10.4). A reader
 * the server refuses (a banned member) is told plainly the receipts are not theirs to see.
 */
export function LedgerReceipts({ expenseId, count }: { expenseId: string; count: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const q = useExpense(expenseId, open);
  if (count === 0)
    return (
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'block' }}
        data-testid="ledger-no-receipt"
      >
        {t('treasury.ledger.noReceipt')}
      </Typography>
    );
  const refused = q.error instanceof ApiError && (q.error.status === 403 || q.error.status === 404);
  return (
    <Box component="span" sx={{ display: 'block' }} data-testid="ledger-receipts">
      <Button
        size="small"
        startIcon={<AttachFileIcon aria-hidden />}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
        sx={{ mx: -0.5, minHeight: 36 }}
        data-testid="ledger-receipts-toggle"
      >
        {t(open ? 'treasury.ledger.hideReceipts' : 'treasury.ledger.showReceipts', { count })}
      </Button>
      <Box component="span" id={regionId} aria-live="polite" sx={{ display: 'block' }}>
        {open &&
          (q.isPending ? (
            <Skeleton variant="text" width={160} />
          ) : q.data ? (
            <Stack component="span" direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {q.data.receipts.map((r, i) => (
                <Link
                  key={r.url}
                  href={r.url}
                  target="_blank"
                  rel="noopener"
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 32 }}
                  data-testid="ledger-receipt"
                >
                  {t(r.content_type === 'application/pdf' ? 'treasury.ledger.receiptPdf' : 'treasury.ledger.receiptImage', {
                    n: i + 1,
                  })}
                </Link>
              ))}
            </Stack>
          ) : (
            <Typography component="span" variant="body2" color="text.secondary" data-testid="ledger-receipts-unavailable">
              {t(refused ? 'treasury.ledger.receiptsPrivate' : 'treasury.ledger.receiptsFailed')}
            </Typography>
          ))}
      </Box>
    </Box>
  );
}
