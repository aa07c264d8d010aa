import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { jsonResponse, MEMBER, queryWrapper, stubFetch, success } from '../../test/api-harness';
import { signIn } from '../../lib/session/session-store';
import { ExportData } from './components/export-data';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderExport() {
  const { wrapper: Wrapper } = queryWrapper();
  return render(
    <Wrapper>
      <ExportData />
    </Wrapper>,
  );
}

describe('download my data', () => {
  it('asks for the export with POST /v1/me/export and says the link goes to my email', async () => {
    signIn('tok', MEMBER);
    const calls = stubFetch(() => jsonResponse(202, success({ id: '6f1c1d1e-0000-4000-8000-0000000000aa' })));
    renderExport();
    const button = screen.getByRole('button', { name: 'Download my data' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`email the download link to ${MEMBER.email}`));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/v1/me/export']);
    // One request: the button does not ask twice.
    expect(button).toBeDisabled();
  });

  it('says a second request the same day is refused (409 export_too_soon), and names no mail', async () => {
    signIn('tok', MEMBER);
    stubFetch(() => jsonResponse(409, { status: 'error', message: 'Already asked.', error_type: 'export_too_soon' }));
    renderExport();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('in the last 24 hours'));
    expect(screen.queryByText(/email the download link/)).toBeNull();
  });
});
