import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, success } from '../test/api-harness';
import { renderApp, settle } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

const TOKEN = '0b6f3c1e-2a4d-4e7f-9a1b-3c5d7e9f1a2b.comments.AbCdEfGhIjKlMnOpQrStUv';

describe('/unsubscribe/{token}', () => {
  it('asks before it turns the mail off (opening the link changes nothing), then confirms', async () => {
    const calls = stubFetch((call) => {
      if (call.url.includes('/v1/unsubscribe/') && call.method === 'POST') {
        return jsonResponse(200, success({ type: 'comments', email_on: false }));
      }
      if (call.url.includes('/v1/unsubscribe/')) return jsonResponse(200, success({ type: 'comments', email_on: true }));
      return jsonResponse(200, success({}));
    });
    const { router } = await renderApp(`/fr/unsubscribe/${TOKEN}`);
    await settle(router, `/fr/unsubscribe/${TOKEN}`);
    expect(await screen.findByText('Ne plus recevoir les e-mails « commentaires » ?')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.setup().click(screen.getByTestId('unsubscribe-confirm'));
    expect(await screen.findByRole('status')).toHaveTextContent('Vous ne recevrez plus les e-mails « commentaires ».');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/v1/unsubscribe/${TOKEN}`]);
  }, 30_000);

  it('says calmly when the link does not work', async () => {
    stubFetch((call) =>
      call.url.includes('/v1/unsubscribe/')
        ? jsonResponse(404, { status: 'error', message: 'This unsubscribe link is not valid.' })
        : jsonResponse(200, success({})),
    );
    const { router } = await renderApp('/unsubscribe/broken');
    await settle(router, '/unsubscribe/broken');
    await waitFor(() => expect(screen.getByTestId('unsubscribe-invalid')).toHaveTextContent('This link does not work'));
  }, 30_000);
});
