import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** Props that bind an MUI TextField to a react-hook-form field, with its error shown and announced. */
export function fieldProps<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  name: Path<T>,
  helper?: string,
) {
  const { ref, ...rest } = form.register(name);
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const message = errors[name]?.message;
  return { ...rest, inputRef: ref, id: `field-${name}`, error: Boolean(message), helperText: message ?? helper };
}
