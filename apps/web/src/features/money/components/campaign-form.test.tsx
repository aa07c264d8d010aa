import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { CampaignForm } from './campaign-form';
import { renderWithApp, stubApi } from '../../../test/money-test-utils';

beforeAll(async () => {
  await initI18n('en');
  let n = 0;
  URL.createObjectURL = () => `blob:cover-${(n += 1)}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

const helper = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
const created = {
  status: 201,
  body: { status: 'success', message: 'Campaign created.', data: { campaign: { id: 'c1', title: 'A roof' } } },
};

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(document.getElementById('campaign-title')!, 'A roof');
  await user.type(document.getElementById('campaign-goal')!, '5000');
  await user.type(document.getElementById('campaign-ends-at')!, '12/31/2030');
}

describe('CampaignForm cover', () => {
  it('previews the chosen cover and sends the campaign as multipart with it', async () => {
    const calls = stubApi((url, init) =>
      url.pathname === '/api/v1/tribes/t1/campaigns' && init?.method === 'POST' ? created : undefined,
    );
    const onCreated = vi.fn();
    renderWithApp(<CampaignForm tribeRef="t1" onCreated={onCreated} />);
    const user = userEvent.setup();
    await fillRequired(user);
    await user.upload(screen.getByTestId('campaign-cover-file'), png('roof.png'));
    expect(screen.getByRole('img', { name: 'Preview of the cover image' })).toHaveAttribute('src', 'blob:cover-1');
    await user.click(screen.getByTestId('campaign-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const form = calls.find((c) => c.method === 'POST')!.form!;
    expect(form.get('title')).toBe('A roof');
    expect(form.get('goal')).toBe('5000');
    expect(form.get('milestones')).toBe('[]');
    expect((form.get('cover') as File).name).toBe('roof.png');
  });

  it('refuses a file that is not an image before sending, sends JSON without a cover, and shows the server error on the cover', async () => {
    const calls = stubApi((url, init) =>
      url.pathname === '/api/v1/tribes/t1/campaigns' && init?.method === 'POST'
        ? {
            status: 400,
            body: {
              status: 'error',
              error_type: 'validation_error',
              message: 'Validation failed.',
              errors: { cover: ['Upload a JPEG, PNG, WebP, GIF or AVIF image.'] },
            },
          }
        : undefined,
    );
    renderWithApp(<CampaignForm tribeRef="t1" onCreated={() => undefined} />);
    const user = userEvent.setup({ applyAccept: false });
    await fillRequired(user);
    await user.upload(
      screen.getByTestId('campaign-cover-file'),
      new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }),
    );
    expect(screen.getByTestId('campaign-cover-help')).toHaveTextContent('“tool.exe” is not an image.');
    expect(screen.queryByTestId('campaign-cover-preview')).not.toBeInTheDocument();
    await user.upload(screen.getByTestId('campaign-cover-file'), png('x.png'));
    await user.click(screen.getByTestId('campaign-cover-remove'));
    expect(screen.queryByTestId('campaign-cover-preview')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('campaign-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('campaign-cover-help')).toHaveTextContent('Upload a JPEG, PNG, WebP, GIF or AVIF image.'),
    );
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.form).toBeNull();
    expect(sent.body).toMatchObject({ title: 'A roof', goal: 5000, milestones: [] });
  });
});

describe('CampaignForm checks', () => {
  it('checks with the shared campaign schema before sending: empty fields are required, a title needs three letters', async () => {
    const calls = stubApi(() => undefined);
    renderWithApp(<CampaignForm tribeRef="t1" onCreated={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a milestone' }));
    await user.click(screen.getByTestId('campaign-submit'));
    await waitFor(() => expect(helper('campaign-title')).toBe('This field is required.'));
    expect(helper('campaign-goal')).toBe('This field is required.');
    expect(helper('campaign-ends-at')).toBe('This field is required.');
    const milestone = document.querySelector<HTMLInputElement>('[id^="milestone-"][id$="-title"]')!;
    expect(helper(milestone.id)).toBe('This field is required.');
    expect(document.getElementById('campaign-title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(document.getElementById('campaign-title')!, 'Ab');
    await user.click(screen.getByTestId('campaign-submit'));
    // The schema's own rule (the server's too), which no hand check knew.
    await waitFor(() => expect(helper('campaign-title')).toBe('Must be at least 3 characters.'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
