import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssessmentForAuthor } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { AssessmentEditor } from './assessment-editor';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const COURSE = 'c0000000-0000-4000-8000-000000000001';

function renderEditor(props: { existing?: AssessmentForAuthor; onSaved?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onSaved = props.onSaved ?? vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AssessmentEditor courseId={COURSE} existing={props.existing} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const helper = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;
const ok = (data: unknown, status = 201) =>
  new Response(JSON.stringify({ status: 'success', message: 'Saved', data }), { status });

describe('AssessmentEditor', () => {
  it("names each option's remove button, and only the button (no wrapper named too)", async () => {
    renderEditor();
    const user = userEvent.setup();
    // The hint is the same name, given to the button: a name on a generic element is not heard the same everywhere.
    expect(document.querySelectorAll('[aria-label^="Remove option"]')).toHaveLength(
      screen.getAllByRole('button', { name: /^Remove option/ }).length,
    );
    const remove = screen.getByRole('button', { name: 'Remove option 1' });
    expect(remove).toBe(screen.getByTestId('remove-option-0-0'));
    // At the minimum of options it cannot be used; with one more, it removes that option.
    expect(remove).toBeDisabled();
    await user.click(screen.getByTestId('add-option-0'));
    await user.type(field('field-questions-0-options-2-text'), 'Third');
    await user.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(document.getElementById('field-questions-0-options-2-text')).toBeNull();
  });

  it('checks questions with the shared schema before calling the API: prompt, options and a marked key', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderEditor();
    const user = userEvent.setup();
    await user.type(field('field-title'), 'Quiz');
    await user.type(field('field-questions-0-options-0-text'), 'Azul');
    await user.click(screen.getByTestId('assessment-save'));
    await waitFor(() => expect(helper('field-questions-0-prompt')).toBe('This field is required.'));
    expect(helper('field-questions-0-options-1-text')).toBe('This field is required.');
    // No option marked correct: the message sits under the options.
    expect(screen.getByText('The correct answer must be one of the options.')).toBeInTheDocument();
    expect(field('field-questions-0-prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('writes questions of every kind with their keys and sends them in the API shapes', async () => {
    const saved = { id: 'a0000000-0000-4000-8000-000000000002', course_id: COURSE, title: 'Greetings', questions: [] };
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => ok({ assessment: saved }));
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = renderEditor();
    const user = userEvent.setup();
    await user.type(field('field-title'), 'Greetings');
    await user.clear(field('field-pass_score'));
    await user.type(field('field-pass_score'), '50');
    await user.type(field('field-attempt_limit'), '3');

    // 1. single: two options, the second is correct.
    await user.type(field('field-questions-0-prompt'), 'Hello?');
    await user.type(field('field-questions-0-options-0-text'), 'Tanmirt');
    await user.type(field('field-questions-0-options-1-text'), 'Azul');
    await user.click(screen.getByLabelText('Option 2 is correct'));

    // 2. multiple: three options, first and third correct.
    await user.click(screen.getByTestId('add-question'));
    await user.selectOptions(field('field-questions-1-kind'), 'multiple');
    await user.type(field('field-questions-1-prompt'), 'Greetings?');
    await user.click(screen.getByTestId('add-option-1'));
    const q2 = screen.getByTestId('question-editor-1');
    for (const [i, text] of ['Azul', 'Aman', 'Salam'].entries())
      await user.type(field(`field-questions-1-options-${i}-text`), text);
    await user.click(within(q2).getByLabelText('Option 1 is correct'));
    await user.click(within(q2).getByLabelText('Option 3 is correct'));

    // 3. true/false: false.  4. short: two accepted answers.  5. numeric with a tolerance.
    await user.click(screen.getByTestId('add-question'));
    await user.selectOptions(field('field-questions-2-kind'), 'true_false');
    await user.type(field('field-questions-2-prompt'), 'Aman is bread.');
    await user.click(within(screen.getByTestId('question-editor-2')).getByLabelText('False'));
    await user.click(screen.getByTestId('add-question'));
    await user.selectOptions(field('field-questions-3-kind'), 'short');
    await user.type(field('field-questions-3-prompt'), 'Water?');
    await user.type(field('field-questions-3-accepted'), 'aman{enter}amane');
    await user.click(screen.getByTestId('add-question'));
    await user.selectOptions(field('field-questions-4-kind'), 'numeric');
    await user.type(field('field-questions-4-prompt'), 'Letters in Azul?');
    await user.type(field('field-questions-4-number'), '4');
    await user.clear(field('field-questions-4-tolerance'));
    await user.type(field('field-questions-4-tolerance'), '0.5');

    await user.click(screen.getByTestId('assessment-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`/api/v1/courses/${COURSE}/assessments`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Greetings',
      pass_score: 50,
      attempt_limit: 3,
      questions: [
        { kind: 'single', prompt: 'Hello?', options: ['Tanmirt', 'Azul'], correct: 1 },
        { kind: 'multiple', prompt: 'Greetings?', options: ['Azul', 'Aman', 'Salam'], correct: [0, 2] },
        { kind: 'true_false', prompt: 'Aman is bread.', correct: false },
        { kind: 'short', prompt: 'Water?', accepted: ['aman', 'amane'] },
        { kind: 'numeric', prompt: 'Letters in Azul?', correct: 4, tolerance: 0.5 },
      ],
    });
  });

  it("places the server's 400 on the fields it names, and edits an assessment with its keys", async () => {
    const existing: AssessmentForAuthor = {
      id: 'a0000000-0000-4000-8000-000000000003',
      course_id: COURSE,
      title: 'Numbers',
      pass_score: 70,
      attempt_limit: null,
      attempts_used: 0,
      passed: false,
      best_score: null,
      can_edit: true,
      questions: [
        { id: 'q0000000-0000-4000-8000-000000000001', kind: 'single', prompt: 'One?', options: ['Yan', 'Sin'], correct: 0 },
        { id: 'q0000000-0000-4000-8000-000000000002', kind: 'numeric', prompt: 'Two?', correct: 2, tolerance: 0 },
      ],
    };
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            status: 'error',
            error_type: 'validation_error',
            message: 'Validation failed.',
            errors: { 'questions.0.options.1': ['Too long.'], 'questions.1.correct': ['Too big.'], title: ['Taken.'] },
          }),
          { status: 400 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = renderEditor({ existing });
    // The stored keys are on the form.
    expect(field('field-questions-0-options-1-text').value).toBe('Sin');
    expect(screen.getByLabelText('Option 1 is correct')).toBeChecked();
    expect(field('field-questions-1-number').value).toBe('2');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('assessment-save'));
    await waitFor(() => expect(helper('field-questions-0-options-1-text')).toBe('Too long.'));
    expect(helper('field-questions-1-number')).toBe('Too big.');
    expect(helper('field-title')).toBe('Taken.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`/api/v1/assessments/${existing.id}`);
    expect(init?.method).toBe('PATCH');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
