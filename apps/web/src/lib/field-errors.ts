import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrorsHandler } from './api-client';

/** Hands a 400's field errors to a react-hook-form form; false when a field is not on the form. */
export function fieldErrorsTo<T extends FieldValues>(
  setError: UseFormSetError<T>,
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
