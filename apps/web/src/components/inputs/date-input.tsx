import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import NativeSelect from '@mui/material/NativeSelect';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/locale-hooks';
import {
  calendarDays,
  DATE_PLACEHOLDER,
  dateTextProblem,
  formatMmDdYyyy,
  isWithinRange,
  maskDateText,
  parseMmDdYyyy,
  yearRange,
} from './date-rules';
import { TextField, type TextFieldProps } from './text-field';

export interface DateInputProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  value: Date | null;
  onChange: (value: Date | null) => void;
  min?: Date;
  max?: Date;
}

/**
 * A date field typed as mm/dd/yyyy (slashes inserted while typing) with a calendar: a static
 * 6-week grid under the weekday names, years from 100 back to 52 forward unless min or max bound them.
 * Typed text that is no usable date (31/02/2026, a day out of range, a partial date left behind) says so
 * in the helper text, before the caller's own error or help.
 */
export function DateInput({ value, onChange, min, max, htmlInput, error, helperText, onBlur, ...rest }: DateInputProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [text, setText] = useState(value ? formatMmDdYyyy(value) : '');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const today = useMemo(() => new Date(), []);
  const [view, setView] = useState(() => ({ year: (value ?? today).getFullYear(), month: (value ?? today).getMonth() }));
  const years = yearRange(today, min, max);
  const monthNames = useMemo(
    () => Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2020, m, 1))),
    [locale],
  );
  const dayLabel = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'full' }), [locale]);
  const [left, setLeft] = useState(false);
  const problem = dateTextProblem(text, today, min, max, left);
  const days = calendarDays(view.year, view.month);
  // The first week of the grid names the weekdays in the interface language (short, with the full name for readers).
  const weekdays = useMemo(() => {
    const short = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    const long = new Intl.DateTimeFormat(locale, { weekday: 'long' });
    return calendarDays(2020, 0)
      .slice(0, 7)
      .map((d) => ({ short: short.format(d), long: long.format(d) }));
  }, [locale]);

  const choose = (date: Date) => {
    setText(formatMmDdYyyy(date));
    onChange(date);
    setAnchor(null);
  };

  return (
    <>
      <TextField
        {...rest}
        error={Boolean(problem) || error}
        helperText={problem ? t(`date.${problem}`) : helperText}
        value={text}
        onBlur={(e) => {
          setLeft(true);
          onBlur?.(e);
        }}
        onChange={(e) => {
          const masked = maskDateText(e.target.value);
          setLeft(false);
          setText(masked);
          const parsed = parseMmDdYyyy(masked);
          onChange(parsed && isWithinRange(parsed, today, min, max) ? parsed : null);
        }}
        htmlInput={{ placeholder: DATE_PLACEHOLDER, inputMode: 'numeric', dir: 'ltr', maxLength: 10, ...htmlInput }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={t('date.open')} edge="end" onClick={(e) => setAnchor(e.currentTarget)}>
              <CalendarMonthOutlinedIcon />
            </IconButton>
          </InputAdornment>
        }
      />
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, width: 320 }}>
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <NativeSelect
              value={view.month}
              onChange={(e) => setView((v) => ({ ...v, month: Number(e.target.value) }))}
              inputProps={{ 'aria-label': t('date.month') }}
            >
              {monthNames.map((name, m) => (
                <option key={m} value={m}>
                  {name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              value={view.year}
              onChange={(e) => setView((v) => ({ ...v, year: Number(e.target.value) }))}
              inputProps={{ 'aria-label': t('date.year') }}
            >
              {Array.from({ length: years.to - years.from + 1 }, (_, i) => years.from + i).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect>
          </Stack>
          <Box
            component="table"
            aria-label={`${monthNames[view.month]} ${view.year}`}
            sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 2 }}
          >
            <thead>
              <tr>
                {weekdays.map((w) => (
                  <Box
                    component="th"
                    key={w.long}
                    scope="col"
                    abbr={w.long}
                    data-testid="calendar-weekday"
                    sx={{ typography: 'caption', color: 'text.secondary', fontWeight: 600, p: 0, textAlign: 'center' }}
                  >
                    {w.short}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: days.length / 7 }, (_, week) => (
                <tr key={week}>
                  {days.slice(week * 7, week * 7 + 7).map((day) => {
                    const outside = day.getMonth() !== view.month;
                    const selected = value !== null && formatMmDdYyyy(day) === formatMmDdYyyy(value);
                    return (
                      <Box component="td" key={day.toISOString()} sx={{ p: 0 }}>
                        <Button
                          size="small"
                          fullWidth
                          variant={selected ? 'contained' : 'text'}
                          disabled={!isWithinRange(day, today, min, max)}
                          aria-label={dayLabel.format(day)}
                          aria-pressed={selected}
                          onClick={() => choose(day)}
                          sx={{ minWidth: 0, px: 0, color: outside && !selected ? 'text.secondary' : undefined }}
                        >
                          {new Intl.NumberFormat(locale).format(day.getDate())}
                        </Button>
                      </Box>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
