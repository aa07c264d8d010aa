import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { LightForm } from './light-form';

/** What binds a TextField to a field. */
type FieldProps<N extends string> = Omit<UseFormRegisterReturn<N>, 'ref'> & {
  inputRef: UseFormRegisterReturn<N>['ref'];
  id: string;
  error: boolean;
  helperText: string | undefined;
};

/** Props that bind an MUI TextField to a form's field (react-hook-form's, or lib/light-form.ts's), with its error shown and announced. */
export function fieldProps<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  name: Path<T>,
  helper?: string,
): FieldProps<Path<T>>;
export function fieldProps<T extends FieldValues>(form: LightForm<T>, name: Path<T>, helper?: string): FieldProps<Path<T>>;
export function fieldProps<T extends FieldValues>(
  form: { register(name: Path<T>): UseFormRegisterReturn<Path<T>>; formState: { errors: unknown } },
  name: Path<T>,
  helper?: string,
): FieldProps<Path<T>> {
  const { ref, ...rest } = form.register(name);
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const message = errors[name]?.message;
  return { ...rest, inputRef: ref, id: `field-${name}`, error: Boolean(message), helperText: message ?? helper };
}
