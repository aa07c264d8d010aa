import { act, renderHook } from '@testing-library/react';
import type { Course, EndpointData, learningEndpoints } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { pageTwice, queryWrapper, stubEnvelopes } from '../../test/api-harness';
import { learningKeys, useEnrol, useTribeCourses } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const COURSE = 'c0000000-0000-4000-8000-000000000001';
const TRIBE = 'a0000000-0000-4000-8000-000000000001';

const course = (id: string): Course => ({
  id,
  tribe_id: TRIBE,
  tribe: { id: TRIBE, name: 'Ait Atlas', slug: 'ait atlas' },
  title: 'Tamazight for beginners',
  description: '',
  language: 'en',
  cover_url: null,
  status: 'published',
  unlock: 'all',
  drip_days: 0,
  lessons: [],
  assessments: [],
  progress: 0,
  enrolment: null,
  completed: false,
  can_edit: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('learning calls through the contract', () => {
  it("pages a tribe's courses: the tribe ref encoded in the path, limit then the next cursor in the query", async () => {
    const pages: EndpointData<typeof learningEndpoints.listCourses>[] = [
      { items: [course(COURSE)], next_cursor: 'next page' },
      { items: [], next_cursor: null },
    ];
    const calls = stubEnvelopes(pages);
    const result = await pageTwice(() => useTribeCourses('ait atlas'), [1, 0]);
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/tribes/ait%20atlas/courses?limit=20',
      'GET /api/v1/tribes/ait%20atlas/courses?limit=20&cursor=next+page',
    ]);
  });

  it('enrols with a bodiless POST and keeps the answered course under its key', async () => {
    const enrolled = {
      ...course(COURSE),
      enrolment: { enrolled_at: '2026-01-02T00:00:00.000Z', completed_at: null, certificate_id: null },
    };
    const calls = stubEnvelopes([{ course: enrolled }]);
    const { client, wrapper } = queryWrapper();
    const { result } = renderHook(() => useEnrol(COURSE), { wrapper });
    await act(async () => {
      await result.current.mutateAsync();
    });
    expect(calls).toEqual([{ url: `/api/v1/courses/${COURSE}/enrol`, method: 'POST', body: undefined }]);
    expect(client.getQueryData(learningKeys.course(COURSE))).toEqual(enrolled);
  });
});
