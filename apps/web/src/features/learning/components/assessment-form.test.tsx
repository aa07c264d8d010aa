import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Assessment, AttemptResult } from '@tribes/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { AssessmentForm } from './assessment-form';
import { AttemptResultView } from './attempt-result';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`;

const assessment: Assessment = {
  id: id(9),
  course_id: id(8),
  title: 'Greetings quiz',
  pass_score: 60,
  attempt_limit: 3,
  attempts_used: 0,
  passed: false,
  best_score: null,
  can_edit: false,
  questions: [
    { id: id(1), kind: 'single', prompt: 'How do you say hello?', options: ['Azul', 'Tanmirt'] },
    { id: id(2), kind: 'multiple', prompt: 'Which are greetings?', options: ['Azul', 'Aman', 'Salam'] },
    { id: id(3), kind: 'true_false', prompt: 'Tanmirt means thank you.' },
    { id: id(4), kind: 'short', prompt: 'Write "water".' },
    { id: id(5), kind: 'numeric', prompt: 'How many letters in Azul?' },
  ],
};

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const question = (n: number) => screen.getAllByTestId('question')[n]!;

describe('AssessmentForm', () => {
  it('asks each kind with its own input and sends the answers in the API shapes', async () => {
    const attempt: AttemptResult = {
      id: id(7),
      assessment_id: assessment.id,
      pass_score: 60,
      score: 40,
      passed: false,
      attempts_used: 1,
      attempts_left: 2,
      results: [],
      course_completed: false,
      certificate_id: null,
      created_at: new Date().toISOString(),
    };
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ status: 'success', message: 'You scored 40%.', data: { attempt } }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onResult = vi.fn();
    wrap(<AssessmentForm assessment={assessment} onResult={onResult} />);
    const user = userEvent.setup();

    // single: radios; multiple: boxes; true/false: two radios; short: a text box; numeric: a spin button.
    expect(within(question(0)).getAllByRole('radio')).toHaveLength(2);
    expect(within(question(1)).getAllByRole('checkbox')).toHaveLength(3);
    expect(
      within(question(2))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['True', 'False']);
    expect(within(question(3)).getByRole('textbox')).toBeInTheDocument();
    expect(within(question(4)).getByRole('spinbutton')).toBeInTheDocument();
    expect(screen.getByText('Answered: 0 of 5')).toBeInTheDocument();

    await user.click(within(question(0)).getByLabelText('Azul'));
    await user.click(within(question(1)).getByLabelText('Salam'));
    await user.click(within(question(1)).getByLabelText('Azul'));
    await user.click(within(question(2)).getByLabelText('False'));
    await user.type(within(question(3)).getByRole('textbox'), '  aman ');
    // The numeric question stays unanswered: it is left out of the attempt.
    expect(screen.getByText('Answered: 4 of 5')).toBeInTheDocument();
    await user.click(screen.getByTestId('attempt-submit'));

    await waitFor(() => expect(onResult).toHaveBeenCalledWith(attempt));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`/api/v1/assessments/${assessment.id}/attempts`);
    expect(JSON.parse(String(init?.body))).toEqual({
      answers: [
        { question_id: id(1), answer: 0 },
        { question_id: id(2), answer: [0, 2] },
        { question_id: id(3), answer: false },
        { question_id: id(4), answer: 'aman' },
      ],
    });
  });
});

describe('AttemptResultView', () => {
  it('shows the score, the attempts left, each question reviewed, and offers a retry after a failure', async () => {
    const onRetry = vi.fn();
    const result: AttemptResult = {
      id: id(7),
      assessment_id: assessment.id,
      pass_score: 60,
      score: 40,
      passed: false,
      attempts_used: 1,
      attempts_left: 2,
      course_completed: false,
      certificate_id: null,
      created_at: new Date().toISOString(),
      results: [
        { question_id: id(1), correct: true, answer: 0 },
        { question_id: id(2), correct: false, answer: [0, 2] },
        { question_id: id(3), correct: false, answer: false },
        { question_id: id(4), correct: true, answer: 'aman' },
        { question_id: id(5), correct: false, answer: null },
      ],
    };
    wrap(<AttemptResultView assessment={assessment} result={result} onRetry={onRetry} />);
    expect(screen.getByTestId('attempt-failed')).toHaveTextContent('You scored 40%: 60% is needed to pass.');
    expect(screen.getByTestId('attempt-failed')).toHaveTextContent('Attempts left: 2');
    const items = screen.getAllByTestId('review-item');
    expect(items[0]).toHaveTextContent('Correct · Your answer: Azul');
    expect(items[1]).toHaveTextContent('Incorrect · Your answer: Azul, Salam');
    expect(items[2]).toHaveTextContent('Your answer: False');
    expect(items[4]).toHaveTextContent('(no answer)');
    // A failed attempt with attempts left carries no key to copy.
    expect(screen.queryByText('Expected answer:')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('attempt-retry'));
    expect(onRetry).toHaveBeenCalled();
  });

  it('shows the expected answers once they are given, and no retry after a pass', () => {
    const result: AttemptResult = {
      id: id(7),
      assessment_id: assessment.id,
      pass_score: 60,
      score: 80,
      passed: true,
      attempts_used: 2,
      attempts_left: 1,
      course_completed: true,
      certificate_id: id(6),
      created_at: new Date().toISOString(),
      results: [
        { question_id: id(2), correct: false, answer: [0], expected: { kind: 'multiple', correct: [0, 1] } },
        { question_id: id(5), correct: false, answer: 3, expected: { kind: 'numeric', correct: 4, tolerance: 0.5 } },
      ],
    };
    wrap(<AttemptResultView assessment={assessment} result={result} onRetry={() => undefined} />);
    expect(screen.getByTestId('attempt-passed')).toHaveTextContent('Passed with 80%');
    expect(screen.getByTestId('attempt-passed')).toHaveTextContent('your certificate is on the course page');
    const items = screen.getAllByTestId('review-item');
    expect(items[0]).toHaveTextContent('Expected answer: Azul, Aman');
    expect(items[1]).toHaveTextContent('Expected answer: 4 (± 0.5)');
    expect(screen.queryByTestId('attempt-retry')).toBeNull();
  });
});
