import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../app/i18n';
import { DateInput } from './date-input';
import { dateTextProblem } from './date-rules';

beforeAll(() => initI18n('en'));
afterAll(() => changeLocale('en'));

function Harness({ min, onValue }: { min?: Date; onValue?: (v: Date | null) => void }) {
  const [value, setValue] = useState<Date | null>(null);
  return (
    <DateInput
      id="ends"
      label="Ends on"
      value={value}
      min={min}
      helperText="The last day of the campaign"
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Ends on' });
/** Types digits as the field receives them (it inserts the slashes itself). */
const type = (digits: string) => fireEvent.change(field(), { target: { value: digits } });

describe('date text problems', () => {
  it('names an impossible day, a day out of range and a partial date left behind', () => {
    const today = new Date(2026, 5, 1);
    expect(dateTextProblem('31/02/2026', today)).toBe('invalid');
    expect(dateTextProblem('02/30/2026', today)).toBe('invalid');
    expect(dateTextProblem('02/28/2026', today)).toBeNull();
    expect(dateTextProblem('02/28/2026', today, new Date(2026, 5, 2))).toBe('outOfRange');
    expect(dateTextProblem('02/2', today)).toBeNull();
    expect(dateTextProblem('02/2', today, undefined, undefined, true)).toBe('incomplete');
    expect(dateTextProblem('', today, undefined, undefined, true)).toBeNull();
  });
});

describe('DateInput', () => {
  it('says so when a typed date does not exist (31/02), and forgets it once a real day is typed', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    type('31022026');
    expect(field()).toHaveValue('31/02/2026');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('There is no such date. Type it as month/day/year (mm/dd/yyyy).');
    expect(onValue).toHaveBeenLastCalledWith(null);

    type('02282026');
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(field()).toHaveAccessibleDescription('The last day of the campaign');
    expect(onValue.mock.lastCall?.[0]).toEqual(new Date(2026, 1, 28));
  });

  it('says so when a typed day is before min, and when a partial date is left behind', async () => {
    render(<Harness min={new Date(2099, 0, 1)} />);
    type('01012030');
    expect(field()).toHaveAccessibleDescription('This date cannot be chosen here. Pick one from the calendar.');
    type('0101');
    expect(field()).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(field());
    expect(field()).toHaveAccessibleDescription('Type the whole date as mm/dd/yyyy.');
  });

  it('names the weekdays above the days of the calendar, in the interface language', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(headers[0]).toHaveAttribute('abbr', 'Sunday');
    expect(within(table).getAllByRole('row')).toHaveLength(7);
  });

  it('shows the weekday names and the message in Arabic', async () => {
    await changeLocale('ar');
    render(<Harness />);
    type('31022026');
    expect(field()).toHaveAccessibleDescription('لا يوجد تاريخ كهذا. اكتبه بصيغة شهر/يوم/سنة (mm/dd/yyyy).');
    await userEvent.click(screen.getByRole('button', { name: 'فتح التقويم' }));
    const headers = within(await screen.findByRole('table')).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('abbr', 'الأحد');
  });
});
