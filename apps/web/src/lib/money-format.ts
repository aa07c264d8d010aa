import { useMemo } from 'react';
import { useLocale } from '../app/locale-hooks';

/** Token amounts, prices and dates in the reader's language (Intl), memoised per locale. */
export function useMoneyFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const tokens = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    // Chart days are UTC days (the server groups donations by UTC date).
    const shortDate = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return {
      locale,
      tokens: (n: number) => tokens.format(n),
      usdCents: (cents: number) => usd.format(cents / 100),
      /** An amount of cents in a currency (ISO 4217), e.g. a purchase's price. */
      price: (cents: number, currency: string) =>
        new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100),
      percent: (ratio: number) => percent.format(ratio),
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      shortDate: (d: Date) => shortDate.format(d),
    };
  }, [locale]);
}
