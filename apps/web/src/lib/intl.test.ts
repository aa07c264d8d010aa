import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('cached Intl formatters', () => {
  it('give one formatter per locale and options, formatting like a new one', () => {
    expect(numberFormat('fr')).toBe(numberFormat('fr'));
    expect(numberFormat('fr')).not.toBe(numberFormat('ar'));
    expect(numberFormat('fr', { maximumFractionDigits: 4 })).not.toBe(numberFormat('fr'));
    expect(numberFormat('ar').format(1234)).toBe(new Intl.NumberFormat('ar').format(1234));
    const at = new Date(Date.UTC(2026, 0, 2, 12));
    expect(dateTimeFormat('he', { dateStyle: 'long' }).format(at)).toBe(
      new Intl.DateTimeFormat('he', { dateStyle: 'long' }).format(at),
    );
    expect(relativeTimeFormat('es', { numeric: 'auto' })).toBe(relativeTimeFormat('es', { numeric: 'auto' }));
    expect(relativeTimeFormat('es', { numeric: 'auto' }).format(-1, 'day')).toBe('ayer');
  });
});
