import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { EMPTY_SESSION, sessionStore } from '../../lib/session/session-store';
import { renderWithApp, stubApi } from '../../test/stub-api';
import { PannelLayout } from './pannel-layout';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set(EMPTY_SESSION);
});

const signedInAs = (platformRole: 'operator' | null) =>
  sessionStore.set({
    ...EMPTY_SESSION,
    isLoggedIn: true,
    accessToken: 'token',
    userData: { id: 'u1', name: 'Amina', platform_role: platformRole } as unknown as User,
  });

describe('the panel menu', () => {
  it("offers the operators' console to an operator only", async () => {
    stubApi(() => undefined);
    signedInAs('operator');
    const first = renderWithApp(<PannelLayout />);
    // A phone: the menu is in the drawer the menu button opens.
    await userEvent.click(screen.getByTestId('open-nav'));
    expect(await screen.findByTestId('admin-console-link')).toHaveAttribute('href', '/admin');
    first.unmount();
    signedInAs(null);
    renderWithApp(<PannelLayout />);
    await userEvent.click(screen.getByTestId('open-nav'));
    expect(await screen.findByTestId('sign-out')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-console-link')).not.toBeInTheDocument();
  });
});
