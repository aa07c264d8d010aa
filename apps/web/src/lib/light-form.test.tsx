import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { fieldProps } from './form-field';
import { useLightForm, type LightForm } from './light-form';

type Values = { email: string; password: string };

/** Email must hold an @, password at least 3 characters (as a shared schema's resolver would say). */
const resolver: Resolver<Values, unknown, Values> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.email.includes('@')) errors.email = { type: 'format', message: 'Enter a valid email address.' };
  if (values.password.length < 3) errors.password = { type: 'min', message: 'Too short.' };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

let form: LightForm<Values>;
function Form({ onValid }: { onValid: (values: Values) => void }) {
  form = useLightForm<Values>({ resolver, defaultValues: { email: '', password: '' } });
  const field = (name: 'email' | 'password') => {
    const { inputRef, helperText, error, ...rest } = fieldProps(form, name);
    return (
      <div>
        <input {...rest} ref={inputRef} aria-label={name} aria-invalid={error} />
        <span data-testid={`${name}-error`}>{helperText}</span>
      </div>
    );
  };
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      {field('email')}
      {field('password')}
      <button type="submit">Go</button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async () => act(async () => void fireEvent.click(screen.getByText('Go')));

describe('useLightForm (the sign-in form without react-hook-form)', () => {
  it('validates on submit, shows each field’s error, focuses the first, and hands valid values over', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByTestId('email-error')).toHaveTextContent('Enter a valid email address.');
    expect(screen.getByTestId('password-error')).toHaveTextContent('Too short.');
    expect(document.activeElement).toBe(screen.getByLabelText('email'));
    // After a submit each change is checked again, as react-hook-form does.
    await act(async () => type('email', 'a@b.c'));
    expect(screen.getByTestId('email-error')).toBeEmptyDOMElement();
    await act(async () => type('password', 'secret'));
    await submit();
    expect(onValid).toHaveBeenCalledWith({ email: 'a@b.c', password: 'secret' });
  });

  it('places the server’s errors, checks one field, reads and resets a value', async () => {
    render(<Form onValid={() => undefined} />);
    await act(async () => type('email', 'nobody'));
    expect(await act(async () => form.trigger('email'))).toBe(false);
    expect(screen.getByTestId('email-error')).toHaveTextContent('Enter a valid email address.');
    // Only the field asked about is reported.
    expect(screen.getByTestId('password-error')).toBeEmptyDOMElement();
    await act(async () => type('email', 'a@b.c'));
    expect(await act(async () => form.trigger('email'))).toBe(true);
    expect(form.getValues('email')).toBe('a@b.c');
    act(() => form.setError('password', { type: 'server', message: 'These credentials do not match.' }, { shouldFocus: true }));
    expect(screen.getByTestId('password-error')).toHaveTextContent('These credentials do not match.');
    expect(document.activeElement).toBe(screen.getByLabelText('password'));
    await act(async () => type('password', 'abc'));
    act(() => form.resetField('password'));
    expect(screen.getByLabelText('password')).toHaveValue('');
    expect(form.getValues('password')).toBe('');
    expect(screen.getByTestId('password-error')).toBeEmptyDOMElement();
  });
});
