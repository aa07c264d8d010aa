import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/locale-hooks';
import { usePublicConfig } from '../lib/public-config';

/** The local currency a language's readers most likely count in, when the server offers it. */
const LOCALE_CURRENCY: Record<string, string> = { ar: 'MAD', he: 'ILS', fr: 'EUR', es: 'EUR', en: 'USD' };

/** Which of the offered currencies to show for a locale: its own when offered, else the first offered. */
export function displayCurrency(locale: string, offered: readonly string[]): string | undefined {
  const own = LOCALE_CURRENCY[locale.split('-')[0] ?? ''];
  return own && offered.includes(own) ? own : offered[0];
}

/** An amount of tokens in a currency at `rate` tokens per unit, as the locale writes money (display only). */
export function formatLocalMoney(tokens: number, currency: string, rate: number, locale: string): string {
  const amount = tokens / rate;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    // Large sums without cents; small ones keep them so "1 token" does not read as 0.
    maximumFractionDigits: amount >= 100 ? 0 : 2,
  }).format(amount);
}

/** "≈ €12.34" beside an amount of tokens, in the reader's language and currency; nothing until the rates are known. */
export function LocalMoney({ tokens, ...props }: { tokens: number } & Omit<TypographyProps, 'children'>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const config = usePublicConfig();
  const payments = config.data?.payments;
  // An answer from before display currencies existed (a cached config) has none: show nothing then.
  if (!payments?.display_currencies || !payments.display_rates || !Number.isFinite(tokens)) return null;
  const currency = displayCurrency(locale, payments.display_currencies);
  const rate = currency ? payments.display_rates[currency] : undefined;
  if (!currency || !rate) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="local-money" {...props}>
      {t('money.local.about', { amount: formatLocalMoney(tokens, currency, rate, locale) })}
    </Typography>
  );
}
