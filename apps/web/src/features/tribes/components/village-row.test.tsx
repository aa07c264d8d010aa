import { render, screen } from '@testing-library/react';
import type { Village } from '@tribes/shared';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { VillageRow } from './village-row';

const village: Village = {
  id: 'v1',
  tribe_id: 't1',
  name: 'Imlil',
  lat: 31.137,
  lng: -7.919,
  description: 'At the foot of Toubkal.',
  population: 2000,
  status: 'approved',
  created_by: { id: 'u1', name: 'Youssef' },
  created_at: '2026-01-01T00:00:00.000Z',
  reviewed_at: null,
};

describe('VillageRow', () => {
  // i18next reads an option named `lng` as the language to translate into: the place line showed its raw key.
  it.each(['en', 'fr', 'ar', 'he'] as const)('shows the place, population and author in %s', async (locale) => {
    await initI18n(locale);
    render(<VillageRow village={village} />);
    const row = screen.getByTestId('village-row');
    const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
    expect(row).not.toHaveTextContent('tribes.villages');
    expect(row.textContent).toContain(num.format(31.137));
    expect(row.textContent).toContain(num.format(-7.919));
    expect(row.textContent).toContain(new Intl.NumberFormat(locale).format(2000));
    expect(row).toHaveTextContent('Youssef');
  });

  it('reads "Lat. …, long. …" in English', async () => {
    await initI18n('en');
    render(<VillageRow village={village} />);
    expect(screen.getByTestId('village-row')).toHaveTextContent(
      'Lat. 31.137, long. -7.919 · Population: 2,000 · Registered by Youssef',
    );
  });
});
