import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** An element id for a form path ("questions.0.prompt" → "field-questions-0-prompt"). */
export const fieldId = (name: string) => `field-${name.replace(/\./g, '-')}`;

/** The message of a field's error, nested (set by the server) or flat (set by the resolver). */
export function errorOf(errors: FieldValues, name: string): string | undefined {
  const e = get(errors, name) as { message?: unknown } | undefined;
  return typeof e?.message === 'string' ? e.message : undefined;
}

/** Props binding a TextField to a field of any depth, with its error shown and announced. */
export function nestedFieldProps<T extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<T, unknown, O>,
  name: Path<T>,
  helper?: string,
) {
  const { ref, ...rest } = form.register(name);
  const message = errorOf(form.formState.errors, name);
  return { ...rest, inputRef: ref, id: fieldId(name), error: Boolean(message), helperText: message ?? helper };
}
