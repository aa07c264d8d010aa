import { useEffect, useState, type KeyboardEvent } from 'react';
import { clampNumber, parseNumberText, sanitizeNumberText } from './number-rules';
import { TextField, type TextFieldProps } from './text-field';

export interface NumberInputProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  allowDecimal?: boolean;
}

const ALLOWED_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'ArrowUp',
  'ArrowDown',
]);

/**
 * A number field: accepts only digits, a minus sign and a decimal point; the value is clamped to
 * min and max when the field is left (so typing "1" on the way to "150" is not cut short).
 * Arrow keys step by `step`.
 */
export function NumberInput({
  value,
  onChange,
  min,
  max,
  step = 1,
  allowDecimal = true,
  htmlInput,
  onBlur,
  ...rest
}: NumberInputProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => (parseNumberText(current) === value ? current : value === null ? '' : String(value)));
  }, [value]);
  const allowNegative = min === undefined || min < 0;

  const commit = (raw: string) => {
    const parsed = parseNumberText(raw, min, max);
    setText(parsed === null ? '' : String(parsed));
    onChange(parsed);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const next = clampNumber((value ?? 0) + (e.key === 'ArrowUp' ? step : -step), min, max);
      setText(String(next));
      onChange(next);
      return;
    }
    if (ALLOWED_KEYS.has(e.key) || e.key.length > 1) return;
    if (!/[0-9]/.test(e.key) && !(e.key === '-' && allowNegative) && !(e.key === '.' && allowDecimal)) e.preventDefault();
  };

  return (
    <TextField
      {...rest}
      type="text"
      value={text}
      onChange={(e) => {
        const clean = sanitizeNumberText(e.target.value, { allowNegative, allowDecimal });
        setText(clean);
        const parsed = parseNumberText(clean);
        if (parsed !== null && parsed === clampNumber(parsed, min, max)) onChange(parsed);
      }}
      onBlur={(e) => {
        commit(text);
        onBlur?.(e);
      }}
      htmlInput={{
        inputMode: allowDecimal ? 'decimal' : 'numeric',
        dir: 'ltr',
        role: 'spinbutton',
        'aria-valuemin': min,
        'aria-valuemax': max,
        'aria-valuenow': value ?? undefined,
        onKeyDown: handleKeyDown,
        ...htmlInput,
      }}
    />
  );
}
