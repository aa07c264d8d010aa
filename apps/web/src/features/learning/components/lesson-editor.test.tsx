import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { LessonEditor } from './lesson-editor';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const COURSE = 'c0000000-0000-4000-8000-000000000001';
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

type Call = { url: string; method: string; body: unknown };

/** A fetch that answers the preview endpoint with `answer(markdown)` and records every call. */
function stubFetch(answer: (markdown: string) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { body_markdown: string }) : undefined;
      calls.push({ url: String(input), method: init?.method ?? 'GET', body });
      return answer(body?.body_markdown ?? '');
    }),
  );
  return calls;
}
const rendered = (markdown: string) =>
  json(200, { status: 'success', message: 'OK', data: { body_html: `<p><strong>${markdown.length}</strong> chars</p>` } });

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LessonEditor courseId={COURSE} onSaved={vi.fn()} />
    </QueryClientProvider>,
  );
}
const preview = () => screen.getByTestId('lesson-preview');

describe('LessonEditor preview', () => {
  it('shows the server rendering of unsaved text once it rests, one request per text, nothing saved', async () => {
    const calls = stubFetch(rendered);
    renderEditor();
    const user = userEvent.setup();
    await user.type(field('field-body_markdown'), '**Azul**');
    // Writing asks nothing of the server.
    expect(calls).toEqual([]);
    await user.click(screen.getByTestId('lesson-preview-tab'));
    const body = await within(preview()).findByTestId('lesson-body', {}, { timeout: 3000 });
    // The page shows the server's HTML as it is: the client renders no Markdown.
    expect(body.innerHTML).toBe('<p><strong>8</strong> chars</p>');
    expect(calls).toEqual([{ url: '/api/v1/lessons/preview', method: 'POST', body: { body_markdown: '**Azul**' } }]);

    // Back to writing, more text: the preview follows with one request for the whole new text.
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await user.type(field('field-body_markdown'), ' tanmirt');
    await user.click(screen.getByTestId('lesson-preview-tab'));
    await waitFor(() => expect(within(preview()).getByTestId('lesson-body').innerHTML).toContain('<strong>16</strong>'), {
      timeout: 3000,
    });
    expect(calls.map((c) => c.body)).toEqual([{ body_markdown: '**Azul**' }, { body_markdown: '**Azul** tanmirt' }]);

    // The same text again is not asked again.
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await user.click(screen.getByTestId('lesson-preview-tab'));
    expect(within(preview()).getByTestId('lesson-body').innerHTML).toContain('<strong>16</strong>');
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.url === '/api/v1/lessons/preview')).toBe(true);
  });

  it('says what to do when there is no text yet, without calling the server', async () => {
    const calls = stubFetch(rendered);
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('lesson-preview-tab'));
    expect(within(preview()).getByText('Nothing to show yet: write the lesson text first.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps the text and offers to try again when the server refuses the preview (rate limit)', async () => {
    let limited = true;
    const calls = stubFetch((markdown) =>
      limited ? json(429, { status: 'error', error_type: 'rate_limited', message: 'Too many requests.' }) : rendered(markdown),
    );
    renderEditor();
    const user = userEvent.setup();
    await user.type(field('field-body_markdown'), 'Hi');
    await user.click(screen.getByTestId('lesson-preview-tab'));
    const error = await within(preview()).findByTestId('lesson-preview-error', {}, { timeout: 3000 });
    expect(error).toHaveTextContent('The preview could not be shown just now.');
    limited = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(preview()).getByTestId('lesson-body').innerHTML).toContain('<strong>2</strong>'));
    expect(calls).toHaveLength(2);
    expect(field('field-body_markdown').value).toBe('Hi');
  });

  it('previews a YouTube video as the lesson will embed it', async () => {
    stubFetch(rendered);
    renderEditor();
    const user = userEvent.setup();
    await user.type(field('field-title'), 'Greetings');
    await user.type(field('field-video_url'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByTestId('lesson-preview-tab'));
    const frame = within(preview()).getByTitle('Video of the lesson “Greetings”');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
