import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PasswordPolicy } from '@tribes/shared';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n';
import { loadServerMessages } from '../../lib/server-messages';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

beforeAll(async () => {
  await initI18n('en');
  await loadServerMessages('en');
});

const POLICY: PasswordPolicy = {
  schema_version: 1,
  enforcement: 'ENFORCE',
  min_length: 8,
  max_length: 64,
  require_lowercase: false,
  require_uppercase: false,
  require_numeric: true,
  require_non_alphanumeric: false,
};

/** A form around the group: the confirmation must match, as every form that uses it says. */
const resolver: Resolver<NewPasswordValues> = (values) => {
  const matched: ResolverResult<NewPasswordValues> = { values, errors: {} };
  if (values.password === values.password_confirmation) return matched;
  return { values: {}, errors: { password_confirmation: { type: 'custom', message: 'The passwords do not match.' } } };
};

function Harness({ policy, loading = false }: { policy: PasswordPolicy | undefined; loading?: boolean }) {
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', password_confirmation: '' }, resolver });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <NewPasswordFields form={form} policy={policy} policyLoading={loading} label="New password" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('NewPasswordFields', () => {
  it('ticks the policy checklist as the password is typed, the field described by it', async () => {
    render(<Harness policy={POLICY} />);
    const user = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password.getAttribute('aria-describedby') ?? '').toContain('password-rules');
    const rules = screen.getByRole('list', { name: 'Password rules' });
    // Eight characters and a digit to go (the upper bound shows only once crossed).
    expect(within(rules).queryAllByText('(met)')).toHaveLength(0);
    expect(within(rules).getAllByText('(not met yet)')).toHaveLength(2);
    await user.type(password, 'longer pass 7');
    await waitFor(() => expect(within(rules).getAllByText('(met)')).toHaveLength(2));
  });

  it('holds a line for the policy while it loads, and shows no checklist when the policy is off', () => {
    const { unmount } = render(<Harness policy={undefined} loading />);
    expect(screen.getByTestId('password-rules-loading')).toBeInTheDocument();
    unmount();
    render(<Harness policy={{ ...POLICY, enforcement: 'OFF' }} />);
    expect(screen.queryByRole('list', { name: 'Password rules' })).toBeNull();
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-describedby') ?? '').not.toContain('password-rules');
  });

  it('shows and hides each password, and says a mismatch under the confirmation', async () => {
    render(<Harness policy={POLICY} />);
    const user = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm the password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(confirmation).toHaveAttribute('type', 'password');
    const [showFirst, showSecond] = screen.getAllByRole('button', { name: 'Show the password' });
    await user.click(showFirst!);
    expect(password).toHaveAttribute('type', 'text');
    expect(confirmation).toHaveAttribute('type', 'password');
    await user.click(showSecond!);
    expect(confirmation).toHaveAttribute('type', 'text');
    await user.type(password, 'longer pass 7');
    await user.type(confirmation, 'longer pass 8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(password).not.toHaveAttribute('aria-invalid', 'true');
  });
});
