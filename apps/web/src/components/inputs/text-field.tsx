import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  forwardRef,
  type ChangeEventHandler,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';

export interface TextFieldProps {
  id: string;
  name?: string;
  label: ReactNode;
  value?: string;
  defaultValue?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
  size?: 'small' | 'medium';
  endAdornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}

/**
 * Whether the browser grows a textarea with its text by itself (CSS field-sizing, Chromium 123+).
 * MUI's TextareaAutosize does it in script: a hidden twin textarea measured on every render and
 * resize, which forces a layout each time (about a third of a feed's first render on a phone).
 */
const NATIVE_AUTOGROW =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** MUI's line height of an input (1.4375em): a textarea at least `rows` lines tall. */
const autogrowSx = (rows: number) => ({ '& textarea': { fieldSizing: 'content', minHeight: `${rows * 1.4375}em` } });

/**
 * An outlined text field with label, error and helper text wired for screen readers. MUI's own
 * TextField also bundles Select, Menu and Popover; the forms need none of them, so this keeps the
 * first page lighter.
 */
export const TextField = forwardRef<HTMLDivElement, TextFieldProps>(function TextField(props, ref) {
  const {
    id,
    label,
    helperText,
    error,
    required,
    disabled,
    size,
    htmlInput,
    endAdornment,
    inputRef,
    multiline,
    minRows,
    ...rest
  } = props;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  // A description the caller names (e.g. a checklist beside the field) is kept beside the helper text.
  const describedBy = [htmlInput?.['aria-describedby'], helperId].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl ref={ref} fullWidth error={error} required={required} disabled={disabled} size={size} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputRef={inputRef}
        multiline={multiline}
        endAdornment={endAdornment}
        inputProps={{ ...htmlInput, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined }}
        {...(multiline && NATIVE_AUTOGROW
          ? { inputComponent: 'textarea', rows: minRows, sx: autogrowSx(minRows ?? 1) }
          : { minRows })}
        {...rest}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
