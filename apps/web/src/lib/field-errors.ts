import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrorsHandler } from './api-client';
import type { LightForm } from './light-form';

/** Hands a 400's field errors to a form (react-hook-form's, or lib/light-form.ts's); false when a field is not on it. */
export function fieldErrorsTo<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): FieldErrorsHandler;
export function fieldErrorsTo<T extends FieldValues>(
  setError: LightForm<T>['setError'],
  fields: readonly Path<T>[],
): FieldErrorsHandler;
export function fieldErrorsTo<T extends FieldValues>(
  setError: (name: Path<T>, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void,
  fields: readonly Path<T>[],
): FieldErrorsHandler {
  return (errors) => {
    let placedAll = true;
    let first = true;
    for (const [field, messages] of Object.entries(errors)) {
      const known = fields.find((f) => f === field);
      if (!known) {
        placedAll = false;
        continue;
      }
      setError(known, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    }
    return placedAll;
  };
}
