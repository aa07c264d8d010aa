import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { Composer } from './composer';

beforeAll(async () => {
  await initI18n('en');
  // The form's code is loaded when it mounts (React.lazy): loaded here once, so no test waits on its transform.
  await import('./composer-form');
  // jsdom has no object URLs; the previews only need a unique string each.
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${(n += 1)}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

const json = (data: unknown, status = 200) => new Response(JSON.stringify({ status: 'success', message: '', data }), { status });

const MEMBERS = [
  { id: 'u1', name: 'Amina Ben Ali', avatar_url: null },
  { id: 'u2', name: 'Amir Haddad', avatar_url: null },
  { id: 'u3', name: 'Yosef Levi', avatar_url: null },
];

/** fetch: the members of a tribe matching q; an empty tribe list for the audience picker; POST /v1/posts answers a post. */
function stubFetch() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/members?')) {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      const items = MEMBERS.filter((m) => m.name.toLowerCase().includes(q.toLowerCase())).map((user) => ({
        user,
        role: 'member',
        status: 'active',
        joined_at: '2026-01-01T00:00:00Z',
      }));
      return json({ items, next_cursor: null });
    }
    if (url.includes('/v1/search?')) {
      const items = [{ kind: 'people', id: 'u9', title: 'Hélène Le Goff', image_url: null, snippet: '', path: '/people/u9' }];
      return json({ items, next_cursor: null });
    }
    if (url.includes('/v1/tribes')) return json({ items: [], next_cursor: null });
    if (url.includes('/v1/posts')) return json({ post: { id: 'p1', tribe: null } }, 201);
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const postCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/v1/posts'));

function renderComposer(onPosted = vi.fn(), fixedTribe?: { id: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Composer label="Write a post" onPosted={onPosted} fixedTribe={fixedTribe} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onPosted;
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
const bodyHelper = () => document.querySelector('[data-testid="composer-body"]')?.getAttribute('aria-describedby');

describe('Composer', () => {
  it('refuses an empty post on the client, with the reason on the text field', async () => {
    const fetchMock = stubFetch();
    renderComposer();
    const user = userEvent.setup();
    // The row of controls comes a task after the text field.
    await user.click(await screen.findByTestId('composer-submit'));
    await waitFor(() =>
      expect(document.getElementById(bodyHelper() ?? '')).toHaveTextContent('Write something or add a photo before posting.'),
    );
    expect(screen.getByTestId('composer-body')).toHaveAttribute('aria-invalid', 'true');
    // Spaces only are still empty (the shared schema trims).
    await user.type(screen.getByTestId('composer-body'), '   ');
    await user.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(screen.getByTestId('composer-body')).toHaveAttribute('aria-invalid', 'true'));
    expect(postCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps four photos and refuses a fifth, saying why', async () => {
    stubFetch();
    renderComposer();
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('composer-files'), [png('a.png'), png('b.png'), png('c.png')]);
    expect(screen.getAllByTestId('composer-image')).toHaveLength(3);
    await user.upload(screen.getByTestId('composer-files'), [png('d.png'), png('e.png')]);
    expect(screen.getAllByTestId('composer-image')).toHaveLength(4);
    expect(screen.getByTestId('composer-image-error')).toHaveTextContent('A post can have at most 4 photos.');
    expect(screen.getByTestId('composer-add-photos')).toBeDisabled();
    // Removing one makes room again.
    await user.click(screen.getAllByTestId('composer-remove-image')[0]!);
    expect(screen.getAllByTestId('composer-image')).toHaveLength(3);
    expect(screen.getByTestId('composer-add-photos')).toBeEnabled();
  });

  it('refuses a file that is not an image', async () => {
    stubFetch();
    renderComposer();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByTestId('composer-files'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.queryAllByTestId('composer-image')).toHaveLength(0);
    expect(screen.getByTestId('composer-image-error')).toHaveTextContent('“notes.txt” is not a photo.');
  });

  it('sends text, photos and one alt text per photo as multipart', async () => {
    const fetchMock = stubFetch();
    const onPosted = renderComposer();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('composer-body'), 'Harvest day #olives');
    await user.upload(screen.getByTestId('composer-files'), [png('a.png'), png('b.png')]);
    await user.type(screen.getByTestId('composer-alt-1'), 'Olive trees');
    await user.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(onPosted).toHaveBeenCalled());
    const [, init] = postCalls(fetchMock)[0]!;
    const form = init?.body as FormData;
    expect(form.get('body')).toBe('Harvest day #olives');
    expect(form.get('visibility')).toBe('public');
    expect(form.get('tribe_id')).toBeNull();
    expect(form.getAll('images')).toHaveLength(2);
    expect(form.getAll('alt')).toEqual(['', 'Olive trees']);
    // The composer is empty again.
    await waitFor(() => expect(screen.getByTestId('composer-body')).toHaveValue(''));
    expect(screen.queryAllByTestId('composer-image')).toHaveLength(0);
  });

  it("posts into the tribe page's tribe, for its members only when the switch is on", async () => {
    const fetchMock = stubFetch();
    const tribe = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Aït Atlas' };
    const onPosted = renderComposer(vi.fn(), tribe);
    const user = userEvent.setup();
    expect(screen.queryByTestId('composer-tribe')).toBeNull();
    await user.type(screen.getByTestId('composer-body'), 'Members meeting on Friday');
    await user.click(screen.getByLabelText('Members only'));
    await user.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(onPosted).toHaveBeenCalled());
    const form = postCalls(fetchMock)[0]![1]?.body as FormData;
    expect(form.get('tribe_id')).toBe(tribe.id);
    expect(form.get('visibility')).toBe('tribe');
    expect(form.getAll('images')).toHaveLength(0);
  });

  it('suggests tribe members as an @mention is typed: arrows move, Enter picks, the name goes into the text', async () => {
    const fetchMock = stubFetch();
    const tribe = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Aït Atlas' };
    renderComposer(vi.fn(), tribe);
    const user = userEvent.setup();
    const body = screen.getByTestId('composer-body');
    await user.type(body, 'Thanks @ami');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['AAmina Ben Ali', 'AAmir Haddad']),
    );
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/members?'));
    expect(asked.at(-1)).toContain(`/v1/tribes/${tribe.id}/members?`);
    expect(asked.at(-1)).toContain('q=ami');
    // The field points at the active option; ArrowDown moves to the second.
    expect(body).toHaveAttribute('aria-controls', list.id);
    expect(body).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(body).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(body).toHaveValue('Thanks @Amir Haddad ');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Typing on after the name does not reopen the list; Escape closes a new one without picking.
    await user.type(body, 'and @yo');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(body).toHaveValue('Thanks @Amir Haddad and @yo');
  });

  it('outside a tribe, suggests the people the search finds (GET /v1/search?type=people)', async () => {
    const fetchMock = stubFetch();
    renderComposer();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('composer-body'), 'Merci @helene');
    await screen.findByRole('listbox', { name: 'People to mention' });
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['HHélène Le Goff']));
    const asked = new URL(
      fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((u) => u.includes('/v1/search?'))
        .at(-1)!,
      'http://x',
    );
    expect(asked.searchParams.get('type')).toBe('people');
    expect(asked.searchParams.get('q')).toBe('helene');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('composer-body')).toHaveValue('Merci @Hélène Le Goff ');
  });

  it('suggests nobody for an @ inside an address', async () => {
    const fetchMock = stubFetch();
    renderComposer(vi.fn(), { id: 'c0000000-0000-4000-8000-000000000001' });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('composer-body'), 'write to amina@example');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/members?'))).toHaveLength(0);
  });
});
