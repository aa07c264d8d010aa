import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { User } from '@tribes/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SESSION, sessionStore } from '../../lib/session/session-store';
import { MEMBER } from '../../test/api-harness';
import { changeLocale, initI18n } from '../i18n';
import { AppHeader } from './app-header';

beforeAll(() => initI18n('en'));
afterEach(async () => {
  sessionStore.set(EMPTY_SESSION);
  await changeLocale('en');
});

function renderHeader(path: string, lastStep: User['profile']['last_step']) {
  sessionStore.set({
    ...EMPTY_SESSION,
    accessToken: 'token',
    isLoggedIn: true,
    userData: { ...MEMBER, profile: { ...MEMBER.profile, last_step: lastStep } },
  });
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AppHeader: the way on for a signed-in user', () => {
  it('says "Finish signing up" and leads to the next onboarding step while onboarding is unfinished', () => {
    renderHeader('/privacy-policy', 'role-selection-completed');
    const link = screen.getByRole('link', { name: 'Finish signing up' });
    expect(link).toHaveAttribute('href', '/tribe-selection');
    expect(screen.queryByText('Open Tribes')).toBeNull();
  });

  it('is not offered on the onboarding step it would lead to', () => {
    renderHeader('/role-selection', 'email-verified');
    expect(screen.queryByTestId('header-continue')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('says "Go to my feed" once onboarding is done', () => {
    renderHeader('/privacy-policy', 'tribe-selection-completed');
    expect(screen.getByRole('link', { name: 'Go to my feed' })).toHaveAttribute('href', '/home');
  });

  it('speaks the interface language', async () => {
    await changeLocale('ar');
    renderHeader('/ar/privacy-policy', 'role-selection-completed');
    expect(screen.getByRole('link', { name: 'إكمال التسجيل' })).toHaveAttribute('href', '/ar/tribe-selection');
  });
});
