import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Course, Lesson } from '@tribes/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { jsonResponse, stubFetch, success } from '../../../test/api-harness';
import { LessonView } from './lesson-view';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `b0000000-0000-4000-8000-00000000000${n}`;
const now = new Date().toISOString();

const lesson: Lesson = {
  id: id(1),
  course_id: id(5),
  title: 'Greetings',
  position: 2,
  body_markdown: 'Azul',
  body_html: '<p>Azul</p>',
  video_url: null,
  completed: true,
  locked: false,
  previous_lesson_id: id(2),
  next_lesson_id: null,
  can_edit: false,
};

const assessment = (n: number, passed: boolean) => ({
  id: id(n),
  title: `Quiz ${n}`,
  pass_score: 60,
  attempt_limit: null,
  attempts_used: passed ? 1 : 0,
  passed,
  best_score: passed ? 100 : null,
  question_count: 3,
});

function course(assessments: Course['assessments']): Course {
  return {
    id: id(5),
    tribe_id: id(6),
    tribe: { id: id(6), name: 'Ait Bouguemez', slug: 'ait-bouguemez' },
    title: 'Tamazight for beginners',
    description: '',
    language: 'en',
    cover_url: null,
    status: 'published',
    unlock: 'all',
    drip_days: 0,
    lessons: [],
    assessments,
    progress: 100,
    enrolment: null,
    completed: false,
    can_edit: false,
    created_at: now,
    updated_at: now,
  };
}

function renderLesson(l: Lesson, c: Course) {
  const calls = stubFetch(() => jsonResponse(200, success({ course: c })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LessonView lesson={l} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, client };
}

describe('LessonView: the way on from a lesson', () => {
  it('the last lesson leads to the first quiz of the course not passed yet', async () => {
    renderLesson(lesson, course([assessment(7, true), assessment(8, false)]));
    const link = await screen.findByTestId('lesson-to-quiz');
    expect(link).toHaveTextContent('Take the quiz');
    expect(link).toHaveAttribute('href', `/tribe/learning-center/assessment/${id(8)}`);
    expect(screen.queryByTestId('lesson-to-course')).toBeNull();
  });

  it('a course whose quizzes are all passed still leads from its last lesson to its first quiz', async () => {
    renderLesson(lesson, course([assessment(7, true)]));
    expect(await screen.findByTestId('lesson-to-quiz')).toHaveAttribute('href', `/tribe/learning-center/assessment/${id(7)}`);
  });

  it('the last lesson of a course without a quiz leads back to the course', async () => {
    const { client } = renderLesson(lesson, course([]));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.state.status),
    ).toEqual(['success']);
    expect(await screen.findByTestId('lesson-to-course')).toHaveAttribute('href', `/tribe/learning-center/course/${id(5)}`);
    expect(screen.queryByTestId('lesson-to-quiz')).toBeNull();
  });

  it('a lesson with a next one leads to it and does not fetch the course', () => {
    const { calls } = renderLesson({ ...lesson, next_lesson_id: id(3) }, course([assessment(8, false)]));
    expect(screen.getByTestId('lesson-next')).toHaveAttribute('href', `/tribe/learning-center/lesson/${id(3)}`);
    expect(screen.queryByTestId('lesson-to-quiz')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
