import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from './number-input';
import { clampNumber, parseNumberText, sanitizeNumberText } from './number-rules';

describe('number rules', () => {
  it('keeps only digits, a leading minus and one decimal point', () => {
    expect(sanitizeNumberText('a1b2.3.4-')).toBe('12.34');
    expect(sanitizeNumberText('-12-3')).toBe('-123');
    expect(sanitizeNumberText('1e5')).toBe('15');
    expect(sanitizeNumberText('-7.5', { allowNegative: false })).toBe('7.5');
    expect(sanitizeNumberText('7.5', { allowDecimal: false })).toBe('75');
    expect(sanitizeNumberText('٣')).toBe('');
  });

  it('clamps to min and max', () => {
    expect(clampNumber(5, 1, 3)).toBe(3);
    expect(clampNumber(-5, 1, 3)).toBe(1);
    expect(clampNumber(2, 1, 3)).toBe(2);
    expect(clampNumber(2)).toBe(2);
    expect(parseNumberText('1000', 0, 100)).toBe(100);
    expect(parseNumberText('-')).toBeNull();
    expect(parseNumberText('3.')).toBe(3);
  });
});

function Harness({ min, max, onValue }: { min?: number; max?: number; onValue: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <NumberInput
      id="amount"
      label="Amount"
      value={value}
      min={min}
      max={max}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('NumberInput', () => {
  it('ignores letters and symbols while typing', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, 'x1y2.5z');
    expect(input).toHaveValue('12.5');
    expect(onValue).toHaveBeenLastCalledWith(12.5);
  });

  it('accepts a minus sign only when negatives are allowed', async () => {
    render(<Harness min={0} onValue={() => undefined} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, '-42');
    expect(input).toHaveValue('42');
  });

  it('clamps to max and min when the field is left', async () => {
    const onValue = vi.fn();
    render(<Harness min={10} max={500} onValue={onValue} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, '9000');
    fireEvent.blur(input);
    expect(input).toHaveValue('500');
    expect(onValue).toHaveBeenLastCalledWith(500);
    await userEvent.clear(input);
    await userEvent.type(input, '3');
    fireEvent.blur(input);
    expect(input).toHaveValue('10');
    expect(onValue).toHaveBeenLastCalledWith(10);
  });

  it('steps with the arrow keys within the bounds and exposes them to assistive technology', async () => {
    const onValue = vi.fn();
    render(<Harness min={0} max={2} onValue={onValue} />);
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    expect(input).toHaveAttribute('aria-valuemax', '2');
    input.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('2');
    await userEvent.keyboard('{ArrowDown}');
    expect(onValue).toHaveBeenLastCalledWith(1);
  });
});
