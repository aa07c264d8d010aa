import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course, Tribe } from '@tribes/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { jsonResponse, queryWrapper, stubFetch, success } from '../../test/api-harness';
import { HomeAside } from './home-aside';
import { SetupChecklist } from './setup-checklist';
import { isNewMember, WelcomeCard } from './welcome-card';
import { nextLesson } from '../../features/tribe-home/next-lesson';
import { setupItems } from '../../features/tribe-home/setup-steps';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const DAY = 24 * 3600 * 1000;
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

function wrap(children: ReactNode) {
  const { wrapper: Wrapper } = queryWrapper();
  return render(
    <Wrapper>
      <MemoryRouter>{children}</MemoryRouter>
    </Wrapper>,
  );
}

const page = (items: unknown[]) => success({ items, next_cursor: null });

describe('the setup checklist of a new leader', () => {
  it('ticks each step from what the tribe shows', () => {
    const bare = setupItems({ tribe: tribe(), hasPost: false, hasCampaign: false });
    expect(bare.map((i) => [i.step, i.done])).toEqual([
      ['cover', false],
      ['logo', false],
      ['description', false],
      ['firstPost', false],
      ['invite', false],
      ['firstCampaign', false],
    ]);
    const dressed = setupItems({
      tribe: tribe({
        cover_url: '/media/c.webp',
        logo_url: '/media/l.webp',
        description: 'We rebuild the terraces of our valley together.',
        member_count: 3,
      }),
      hasPost: true,
      hasCampaign: true,
    });
    expect(dressed.every((i) => i.done)).toBe(true);
    // Unknown (still loading) is not done.
    expect(setupItems({ tribe: tribe(), hasPost: null, hasCampaign: null }).find((i) => i.step === 'firstPost')?.done).toBe(
      false,
    );
    expect(bare.find((i) => i.step === 'firstCampaign')?.to).toBe('/tribes/campaign/create/ait-atlas');
  });

  it('reads posts and campaigns, shows the progress, and stays hidden once closed', async () => {
    const calls = stubFetch((call) => jsonResponse(200, call.url.includes('/posts') ? page([{ id: 'p1' }]) : page([])));
    const t = tribe({ cover_url: '/media/c.webp' });
    const view = wrap(<SetupChecklist tribe={t} />);
    await waitFor(() => expect(screen.getByTestId('setup-firstPost')).toHaveAttribute('data-done', 'true'));
    expect(screen.getByTestId('setup-cover')).toHaveAttribute('data-done', 'true');
    expect(screen.getByTestId('setup-logo')).toHaveAttribute('data-done', 'false');
    expect(screen.getByTestId('setup-firstCampaign')).toHaveAttribute('data-done', 'false');
    expect(screen.getByText('2 of 6 done')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/v1/tribes/ait-atlas/campaigns'))).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide the setup checklist' }));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    view.unmount();
    wrap(<SetupChecklist tribe={t} />);
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('is gone when every step is done', async () => {
    stubFetch(() => jsonResponse(200, page([{ id: 'x' }])));
    wrap(
      <SetupChecklist
        tribe={tribe({ cover_url: 'c', logo_url: 'l', description: 'A description long enough to count.', member_count: 2 })}
      />,
    );
    await waitFor(() => expect(screen.queryByTestId('setup-checklist')).toBeNull());
  });

  it('does not flash while posts and campaigns load when the tribe itself is set up, and shows at once when it is not', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered;
        return jsonResponse(200, page([{ id: 'x' }]));
      }),
    );
    const setUp = tribe({ cover_url: 'c', logo_url: 'l', description: 'A description long enough to count.', member_count: 2 });
    const view = wrap(<SetupChecklist tribe={setUp} />);
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    view.unmount();
    // No logo: a step known to be undone, so the checklist shows before the rest is known.
    wrap(<SetupChecklist tribe={{ ...setUp, logo_url: null }} />);
    expect(screen.getByTestId('setup-checklist')).toBeInTheDocument();
    expect(screen.getByTestId('setup-logo')).toHaveAttribute('data-done', 'false');
    answer();
    await waitFor(() => expect(screen.getByText('5 of 6 done')).toBeInTheDocument());
  });
});

describe("/home's side column", () => {
  it('shows tribes to discover only once my tribes are listed (nothing pushed down), having asked for both at once', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const mine = tribe({ id: 'a0000000-0000-4000-8000-000000000002', slug: 'mine', name: 'Mine' });
    const other = tribe({ id: 'a0000000-0000-4000-8000-000000000003', slug: 'other', name: 'Other', my_membership: null });
    const fetchMock = vi.fn(async () => {
      await answered;
      return jsonResponse(200, page([mine, other]));
    });
    vi.stubGlobal('fetch', fetchMock);
    wrap(<HomeAside />);
    expect(screen.getByTestId('aside-my-tribes')).toBeInTheDocument();
    expect(screen.getByTestId('tribe-links-skeleton')).toBeInTheDocument();
    expect(screen.queryByTestId('aside-discover')).toBeNull();
    // Both lists are on their way before either answers.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    answer();
    expect(await screen.findByTestId('my-tribes')).toHaveTextContent('Mine');
    expect(await screen.findByTestId('discover-tribes')).toHaveTextContent('Other');
    expect(screen.getByTestId('discover-tribes')).not.toHaveTextContent('Mine');
    expect(screen.queryByTestId('tribe-links-skeleton')).toBeNull();
  });
});

describe('the welcome of a new member', () => {
  const member = (days: number, role: 'member' | 'leader' = 'member') =>
    tribe({ my_membership: { role, status: 'active', joined_at: new Date(Date.now() - days * DAY).toISOString() } });

  it('greets members in their first two weeks, not leaders, outsiders or old members', () => {
    expect(isNewMember(member(2))).toBe(true);
    expect(isNewMember(member(20))).toBe(false);
    expect(isNewMember(member(1, 'leader'))).toBe(false);
    expect(isNewMember(tribe({ my_membership: null }))).toBe(false);
    expect(
      isNewMember(tribe({ my_membership: { role: 'member', status: 'pending', joined_at: new Date().toISOString() } })),
    ).toBe(false);
  });

  it('offers three first steps and stays closed once closed', async () => {
    const view = wrap(<WelcomeCard tribe={member(1)} />);
    expect(screen.getByRole('heading', { name: 'Welcome to Aït Atlas!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Introduce yourself' })).toHaveAttribute('href', '/tribes/ait-atlas?tab=posts');
    expect(screen.getByRole('link', { name: 'Register your village' })).toHaveAttribute('href', '/tribes/ait-atlas?tab=villages');
    expect(screen.getByRole('link', { name: 'Follow a course' })).toHaveAttribute('href', '/tribes/ait-atlas?tab=courses');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide the welcome' }));
    expect(screen.queryByTestId('welcome-card')).toBeNull();
    view.unmount();
    wrap(<WelcomeCard tribe={member(1)} />);
    expect(screen.queryByTestId('welcome-card')).toBeNull();
  });
});

describe('what to learn next', () => {
  const lesson = (id: string, position: number, completed = false, locked = false) => ({
    id,
    title: `Lesson ${id}`,
    position,
    completed,
    locked,
  });
  const course = (over: Partial<Course>): Course =>
    ({
      id: 'c1',
      title: 'Terraces',
      status: 'published',
      lessons: [],
      assessments: [],
      progress: 0,
      enrolment: null,
      completed: false,
      ...over,
    }) as Course;

  it('continues the first open lesson of a course I follow, else suggests a course to start', () => {
    const enrolment = { enrolled_at: new Date().toISOString() } as Course['enrolment'];
    const following = course({
      id: 'c2',
      enrolment,
      progress: 50,
      lessons: [lesson('3', 3, false, true), lesson('1', 1, true), lesson('2', 2)],
    });
    expect(nextLesson([following])).toMatchObject({ kind: 'continue', lessonId: '2' });
    const fresh = course({ id: 'c3', lessons: [lesson('9', 1)] });
    expect(nextLesson([course({ id: 'c4', enrolment, completed: true, lessons: [lesson('5', 1)] }), fresh])).toMatchObject({
      kind: 'start',
      course: { id: 'c3' },
    });
    expect(nextLesson([course({ status: 'draft', lessons: [lesson('1', 1)] })])).toBeNull();
  });
});
