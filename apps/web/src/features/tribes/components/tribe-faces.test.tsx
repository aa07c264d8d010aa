import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapTribe, Tribe } from '@tribes/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { jsonResponse, queryWrapper, stubFetch, success } from '../../../test/api-harness';
import { tribeKeys } from '../api';
import { TribeCard } from './tribe-card';
import { TribeFacesUpload } from './tribe-faces-upload';
import { TribeHeader } from './tribe-header';
import { TribePopup } from './tribes-map';

beforeAll(() => initI18n('en'));
beforeEach(() => {
  // jsdom has no object URLs: the preview only needs one to show.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const tribe = (over: Partial<Tribe> = {}): Tribe => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  slug: 'ait-atlas',
  name: 'Aït Atlas',
  description: '',
  cover_url: null,
  logo_url: null,
  lat: 31,
  lng: -7,
  region: 'High Atlas',
  visibility: 'open',
  member_count: 1,
  village_count: 0,
  allow_translation: false,
  my_membership: { role: 'leader', status: 'active', joined_at: new Date().toISOString() },
  created_at: new Date().toISOString(),
  ...over,
});

const dressed = { cover_url: '/media/tribes/t1/cover-a.webp', logo_url: '/media/tribes/t1/logo-a.webp' };

function wrap(children: ReactNode) {
  const q = queryWrapper();
  const Wrapper = q.wrapper;
  render(
    <Wrapper>
      <MemoryRouter>{children}</MemoryRouter>
    </Wrapper>,
  );
  return q.client;
}

describe('tribe cover and logo shown', () => {
  it('the card shows a lazy cover band and the logo, each with its size and alt text', () => {
    wrap(<TribeCard tribe={tribe(dressed)} />);
    const cover = screen.getByRole('img', { name: 'Cover picture of Aït Atlas' });
    expect(cover).toHaveAttribute('src', dressed.cover_url);
    expect(cover).toHaveAttribute('width', '1500');
    expect(cover).toHaveAttribute('height', '500');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('decoding', 'async');
    const logo = screen.getByRole('img', { name: 'Logo of Aït Atlas' });
    expect(logo).toHaveAttribute('src', dressed.logo_url);
    expect(logo).toHaveAttribute('width', '56');
    expect(logo).toHaveAttribute('height', '56');
    expect(logo).toHaveAttribute('loading', 'lazy');
  });

  it('a tribe without pictures gets its initial on a tile and no cover; the cover is never used as the logo', () => {
    wrap(<TribeCard tribe={tribe({ cover_url: dressed.cover_url })} />);
    expect(screen.queryByRole('img', { name: /Logo of/ })).toBeNull();
    expect(screen.getByTestId('tribe-logo')).toHaveTextContent('A');
    expect(screen.getAllByRole('img')).toHaveLength(1);

    wrap(<TribeCard tribe={tribe({ slug: 'bare', name: 'bare tribe' })} />);
    const bare = screen.getAllByTestId('tribe-card').find((c) => c.dataset.slug === 'bare')!;
    expect(within(bare).queryByRole('img')).toBeNull();
    expect(within(bare).getByTestId('tribe-logo')).toHaveTextContent('B');
  });

  it('the tribe page header shows the cover banner and the logo beside the name, loaded at once', () => {
    stubFetch(() => jsonResponse(200, success({})));
    wrap(<TribeHeader tribe={tribe(dressed)} />);
    const cover = screen.getByRole('img', { name: 'Cover picture of Aït Atlas' });
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('width', '1500');
    const logo = screen.getByRole('img', { name: 'Logo of Aït Atlas' });
    expect(logo).toHaveAttribute('width', '88');
    expect(screen.getByRole('heading', { level: 1, name: 'Aït Atlas' })).toBeInTheDocument();
  });

  it('the map popup shows the cover and the logo', () => {
    const mapTribe: MapTribe = {
      id: 't1',
      name: 'Aït Atlas',
      slug: 'ait-atlas',
      lat: 31,
      lng: -7,
      member_count: 3,
      village_count: 1,
      ...dressed,
    };
    wrap(<TribePopup tribe={mapTribe} />);
    expect(screen.getByRole('img', { name: 'Cover picture of Aït Atlas' })).toHaveAttribute('src', dressed.cover_url);
    expect(screen.getByRole('img', { name: 'Logo of Aït Atlas' })).toHaveAttribute('src', dressed.logo_url);
    expect(screen.getByRole('link', { name: "Open the tribe's page" })).toHaveAttribute('href', '/tribes/ait-atlas');
  });
});

describe('tribe settings: uploading the cover and the logo', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'valley.png', { type: 'image/png' });

  it('previews the chosen cover in its 3:1 frame, sends it as multipart and shows the result at once', async () => {
    const after = tribe({ cover_url: '/media/tribes/t1/cover-new.webp' });
    const calls = stubFetch(() => jsonResponse(200, success({ tribe: after }, 'The cover has been updated.')));
    const user = userEvent.setup();
    const client = wrap(<TribeFacesUpload tribe={tribe()} />);
    client.setQueryData(tribeKeys.detail('ait-atlas'), tribe());

    const cover = within(screen.getByTestId('face-cover'));
    expect(cover.getByText('No cover yet')).toBeInTheDocument();
    const picker = cover.getByTestId<HTMLInputElement>('face-cover-input');
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await user.click(cover.getByRole('button', { name: 'Choose a cover' }));
    expect(opened).toHaveBeenCalled();
    await user.upload(cover.getByTestId('face-cover-input'), png());
    const preview = cover.getByRole('img', { name: 'The chosen picture, cropped as the cover will be (3:1)' });
    expect(preview).toHaveAttribute('src', 'blob:preview');
    expect(preview).toHaveStyle({ objectFit: 'cover' });
    expect(calls).toHaveLength(0);

    await user.click(cover.getByRole('button', { name: 'Save this cover' }));
    await waitFor(() => expect(client.getQueryData<Tribe>(tribeKeys.detail('ait-atlas'))?.cover_url).toBe(after.cover_url));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toMatch(/\/v1\/tribes\/a0000000-0000-4000-8000-000000000001\/cover$/);
    const body = calls[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const sent = body.get('cover') as File;
    expect(sent.name).toBe('valley.png');
    expect(sent.size).toBe(4);
    // Done: the choice is offered again.
    expect(await cover.findByRole('button', { name: 'Choose a cover' })).toBeInTheDocument();
  });

  it("shows the server's 415 message under the cover, tied to the field", async () => {
    const message = 'Upload a JPEG, PNG, WebP, GIF or AVIF image.';
    stubFetch(() => jsonResponse(415, { status: 'error', message, error_type: 'unsupported_media_type' }));
    const user = userEvent.setup();
    wrap(<TribeFacesUpload tribe={tribe(dressed)} />);
    const cover = within(screen.getByTestId('face-cover'));
    await user.upload(cover.getByTestId('face-cover-input'), png());
    await user.click(cover.getByRole('button', { name: 'Save this cover' }));
    const error = await cover.findByRole('alert');
    expect(error).toHaveTextContent(message);
    expect(cover.getByRole('button', { name: 'Replace the cover' }).getAttribute('aria-describedby')).toContain(error.id);
    // The current cover is still the one shown.
    expect(cover.getByRole('img', { name: 'Cover picture of Aït Atlas' })).toHaveAttribute('src', dressed.cover_url);
  });

  it('shows a 400 field error and a 413 under the logo; a file over 10 MB is refused before it is sent', async () => {
    let answer = jsonResponse(400, {
      status: 'error',
      message: 'Validation failed',
      error_type: 'validation_error',
      errors: { logo: ['Upload a JPEG, PNG, WebP, GIF or AVIF image.'] },
    });
    const calls = stubFetch(() => answer);
    const user = userEvent.setup();
    wrap(<TribeFacesUpload tribe={tribe()} />);
    const logo = within(screen.getByTestId('face-logo'));
    await user.upload(logo.getByTestId('face-logo-input'), png());
    expect(logo.getByRole('img', { name: 'The chosen picture, cropped as the logo will be (square)' })).toBeInTheDocument();
    await user.click(logo.getByRole('button', { name: 'Save this logo' }));
    expect(await logo.findByRole('alert')).toHaveTextContent('Upload a JPEG, PNG, WebP, GIF or AVIF image.');
    expect(calls[0]!.url).toMatch(/\/logo$/);
    expect((calls[0]!.body as FormData).get('logo')).toBeInstanceOf(File);

    answer = jsonResponse(413, { status: 'error', message: 'The request is too large.' });
    await user.upload(logo.getByTestId('face-logo-input'), png());
    await user.click(logo.getByRole('button', { name: 'Save this logo' }));
    await waitFor(() => expect(logo.getByRole('alert')).toHaveTextContent('The request is too large.'));

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(logo.getByTestId('face-logo-input'), huge);
    expect(logo.getByRole('alert')).toHaveTextContent('This picture is larger than 10 MB. Choose a smaller one.');
    expect(logo.queryByRole('button', { name: 'Save this logo' })).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
