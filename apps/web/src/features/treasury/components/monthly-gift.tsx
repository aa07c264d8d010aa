import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONEY_LIMITS } from '@tribes/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { LocalMoney } from '../../../components/local-money';
import { useMoneyFormat } from '../../../lib/money-format';
import { useCreatePledge } from '../api';

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/**
 * "Give every month" beside a donation form: an amount and a day (1-28); the job queue takes it from
 * the wallet each month. Once set up, a link to manage it in the wallet settings.
 */
export function MonthlyGift({ target }: { target: { type: 'tribe' | 'campaign'; id: string; name: string } }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const create = useCreatePledge();
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(() => Math.min(new Date().getDate(), 28));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount);
    if (!Number.isInteger(n) || n < MONEY_LIMITS.donationMin || n > MONEY_LIMITS.donationMax)
      return setError(
        t('treasury.pledges.amountRange', { min: f.tokens(MONEY_LIMITS.donationMin), max: f.tokens(MONEY_LIMITS.donationMax) }),
      );
    setError(null);
    create.mutate({
      body: { target_type: target.type, target_id: target.id, amount: n, day_of_month: day },
      onFieldErrors: (errors) => {
        setError(Object.values(errors).flat().join(' '));
        return true;
      },
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} component="section" aria-labelledby="monthly-gift-title">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} alignItems="center">
          <EventRepeatOutlinedIcon color="primary" aria-hidden />
          <Typography id="monthly-gift-title" variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
            {t('treasury.pledges.giveMonthly')}
          </Typography>
        </Stack>
        {create.isSuccess ? (
          <Stack spacing={1} alignItems="flex-start">
            <Typography role="status">{t('treasury.pledges.setUp', { name: target.name })}</Typography>
            <Button component={RouterLocaleLink} to="/setting/wallet" variant="outlined" size="small">
              {t('treasury.pledges.manage')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack spacing={1.5}>
              <Typography variant="body2" color="text.secondary">
                {t('treasury.pledges.intro', { name: target.name })}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField
                  id="monthly-amount"
                  label={t('treasury.pledges.amount')}
                  type="number"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  error={Boolean(error)}
                  helperText={error ?? (Number(amount) > 0 ? <LocalMoney tokens={Number(amount)} component="span" /> : ' ')}
                  slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric', 'data-testid': 'monthly-amount' } }}
                />
                <TextField
                  id="monthly-day"
                  select
                  label={t('treasury.pledges.day')}
                  value={day}
                  onChange={(e) => setDay(Number(e.target.value))}
                  sx={{ minWidth: 140 }}
                >
                  {DAYS.map((d) => (
                    <MenuItem key={d} value={d}>
                      {d}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Button
                type="submit"
                variant="outlined"
                disabled={create.isPending}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="monthly-submit"
              >
                {create.isPending ? t('common.working') : t('treasury.pledges.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
