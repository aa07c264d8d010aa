import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONEY_LIMITS, type CreatePledgeBody } from '@tribes/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { lazyParser, refineResolver, schemaResolver } from '../../../lib/form-resolver';
import { LocalMoney } from '../../../components/local-money';
import { useMoneyFormat } from '../../../lib/money-format';
import { useCreatePledge } from '../api';

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** What the giver types: the amount as the field holds it, and the day of the month. */
interface MonthlyFields {
  amount: string;
  day_of_month: number;
}
type MonthlyValues = Pick<CreatePledgeBody, 'amount' | 'day_of_month'>;

/** The shared pledge schema's amount and day, the amount read as a number (empty: none). */
const monthlyParser = lazyParser((s) => {
  const schema = s.PledgeFieldsSchema;
  return {
    safeParse: (value: unknown) => {
      const v = value as MonthlyFields;
      return schema.safeParse({ ...v, amount: v.amount.trim() === '' ? null : Number(v.amount) });
    },
  };
});

/**
 * "Give every month" beside a donation form: an amount and a day (1-28); the job queue takes it from
 * the wallet each month. Once set up, a link to manage it in the wallet settings.
 */
export function MonthlyGift({ target }: { target: { type: 'tribe' | 'campaign'; id: string; name: string } }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const create = useCreatePledge();
  const rangeText = () =>
    t('treasury.pledges.amountRange', { min: f.tokens(MONEY_LIMITS.donationMin), max: f.tokens(MONEY_LIMITS.donationMax) });
  const form = useForm<MonthlyFields, unknown, MonthlyValues>({
    defaultValues: { amount: '', day_of_month: Math.min(new Date().getDate(), 28) },
    // The error stays until the next try, as it always has.
    reValidateMode: 'onSubmit',
    resolver: refineResolver(schemaResolver<MonthlyFields, MonthlyValues>(monthlyParser, f.locale), (_values, errors) => {
      // Any wrong amount (empty, a fraction, out of range) is told the range.
      if (errors.amount) errors.amount = { type: 'range', message: rangeText() };
      return errors;
    }),
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const day = useWatch({ control: form.control, name: 'day_of_month' });
  const error = form.formState.errors.amount?.message ?? null;
  const { ref: amountRef, ...amountField } = form.register('amount');
  const submit = form.handleSubmit((values) => {
    create.mutate({
      body: { target_type: target.type, target_id: target.id, amount: values.amount, day_of_month: values.day_of_month },
      onFieldErrors: (errors) => {
        // The server's refusal, whatever field it names, shows under the amount.
        form.setError('amount', { type: 'server', message: Object.values(errors).flat().join(' ') });
        return true;
      },
    });
  });
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
                  {...amountField}
                  inputRef={amountRef}
                  error={Boolean(error)}
                  helperText={error ?? (Number(amount) > 0 ? <LocalMoney tokens={Number(amount)} component="span" /> : ' ')}
                  slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric', 'data-testid': 'monthly-amount' } }}
                />
                <TextField
                  id="monthly-day"
                  select
                  label={t('treasury.pledges.day')}
                  value={day}
                  onChange={(e) => form.setValue('day_of_month', Number(e.target.value))}
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
