import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { FieldError, FieldValues, Path, PathValue, Resolver, UseFormRegisterReturn } from 'react-hook-form';

/**
 * The part of react-hook-form's `useForm` a small page's form uses (the sign-in form): uncontrolled text fields,
 * a resolver run on submit and again on each change after a submit, errors by field (the server's placed with
 * `setError`), the first erroneous field focused. react-hook-form is some 14 KB of a first visit's JavaScript,
 * which /sign-in cannot afford within its 150 KB (issue 42); every other form keeps it.
 */
export interface LightForm<T extends FieldValues> {
  /** A field's binding to an input, as react-hook-form's (uncontrolled: the input keeps its value). */
  register(name: Path<T>): UseFormRegisterReturn<Path<T>>;
  handleSubmit(onValid: (values: T) => unknown): (event?: FormEvent) => Promise<void>;
  setError(name: Path<T>, error: { type: string; message?: string }, options?: { shouldFocus?: boolean }): void;
  /** Validates the form and reports `name`'s error alone; true when it has none. */
  trigger(name: Path<T>): Promise<boolean>;
  getValues<N extends Path<T>>(name: N): PathValue<T, N>;
  /** Back to the default value, without an error. */
  resetField(name: Path<T>): void;
  formState: { errors: Partial<Record<Path<T>, FieldError>>; isSubmitting: boolean };
}

export function useLightForm<T extends FieldValues>({
  resolver,
  defaultValues,
}: {
  resolver: Resolver<T, unknown, T>;
  defaultValues: T;
}): LightForm<T> {
  type Name = Path<T>;
  type Errors = Partial<Record<Name, FieldError>>;
  const values = useRef<T>({ ...defaultValues });
  const elements = useRef(new Map<Name, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const validate = useCallback(async (): Promise<{ values: T; errors: Errors }> => {
    const result = await resolver({ ...values.current }, undefined, { fields: {}, shouldUseNativeValidation: false });
    return { values: result.values as T, errors: result.errors as Errors };
  }, [resolver]);

  const focus = (name: Name) => elements.current.get(name)?.focus();

  const form = useMemo<Omit<LightForm<T>, 'formState'>>(
    () => ({
      register: (name) => ({
        name,
        ref: (element: HTMLInputElement | null) => {
          if (!element) return void elements.current.delete(name);
          elements.current.set(name, element);
          // A value the browser filled in before the page's code ran (autofill) counts.
          if (element.value !== String(values.current[name] ?? '')) values.current[name] = element.value as T[Name];
        },
        onChange: async (event) => {
          values.current[name] = (event.target as HTMLInputElement).value as T[Name];
          // As react-hook-form's default: checked again on each change once the form was submitted.
          if (submitted.current)
            void validate().then((result) =>
              setErrors((now) => {
                const next = { ...now };
                if (result.errors[name]) next[name] = result.errors[name];
                else delete next[name];
                return next;
              }),
            );
        },
        onBlur: async () => undefined,
      }),
      handleSubmit: (onValid) => async (event) => {
        event?.preventDefault();
        submitted.current = true;
        setSubmitting(true);
        try {
          const result = await validate();
          const wrong = Object.keys(result.errors) as Name[];
          setErrors(result.errors);
          if (wrong.length > 0) {
            const first = [...elements.current.keys()].find((name) => wrong.includes(name));
            if (first) focus(first);
            return;
          }
          await onValid(result.values);
        } finally {
          setSubmitting(false);
        }
      },
      setError: (name, error, options) => {
        setErrors((now) => ({ ...now, [name]: { type: error.type, message: error.message } as FieldError }));
        if (options?.shouldFocus) focus(name);
      },
      trigger: async (name) => {
        const result = await validate();
        const error = result.errors[name];
        setErrors((now) => {
          const next = { ...now };
          if (error) next[name] = error;
          else delete next[name];
          return next;
        });
        if (error) focus(name);
        return !error;
      },
      getValues: <N extends Path<T>>(name: N) => values.current[name] as PathValue<T, N>,
      resetField: (name) => {
        values.current[name] = defaultValues[name];
        const element = elements.current.get(name);
        if (element) element.value = String(defaultValues[name] ?? '');
        setErrors((now) => {
          const next = { ...now };
          delete next[name];
          return next;
        });
      },
    }),
    // The default values are the first render's, as react-hook-form's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [validate],
  );
  return { ...form, formState: { errors, isSubmitting } };
}
