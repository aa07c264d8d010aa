import { useLocale } from '../../../app/locale-hooks';
import { dateTimeFormat } from '../../../lib/intl';

/** Formats an ISO instant as a medium date and short time in the interface's language. */
export function useDateText(): (iso: string | null | undefined) => string {
  const format = dateTimeFormat(useLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => (iso ? format.format(new Date(iso)) : '');
}
