import { learningEndpoints as api, type EndpointData } from '@tribes/shared';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { expectOperationsMatch } from '#test/contract.js';
import { bearer, createTribe, signUp, signUpLeader } from '#test/factories.js';
import { pdfLines } from '#test/pdf-glyphs.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = caller(() => t, { prefix: '/api' });

const DAY = 86_400_000;
const KEY_FIELDS = new Set(['correct', 'accepted', 'tolerance', 'expected']);

/** Every key-like field anywhere in a JSON answer (the "correct" of a per-question result is a grade, not a key). */
function keyFields(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyFields(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(KEY_FIELDS.has(k) ? [`${path}.${k}`] : []),
    ...keyFields(v, `${path}.${k}`),
  ]);
}

const QUIZ = {
  title: 'Village words',
  pass_score: 80,
  attempt_limit: 3,
  questions: [
    { kind: 'single', prompt: 'Capital of Morocco?', options: ['Fès', 'Rabat', 'Agadir'], correct: 1 },
    { kind: 'multiple', prompt: 'Which are rivers?', options: ['Draa', 'Atlas', 'Sebou'], correct: [0, 2] },
    { kind: 'true_false', prompt: 'Toubkal is the highest peak of North Africa.', correct: true },
    { kind: 'short', prompt: 'Summer in French?', accepted: ['Été'] },
    { kind: 'short', prompt: 'Peace in Arabic?', accepted: ['سلام'] },
    { kind: 'short', prompt: 'Peace in Hebrew?', accepted: ['שָׁלוֹם'] },
    { kind: 'numeric', prompt: 'Pi to two decimals?', correct: 3.14, tolerance: 0.005 },
  ],
};

/** A tribe with a leader (author), a moderator, a member and an outsider. */
async function setup(visibility: 'open' | 'request' = 'open') {
  const leader = await signUpLeader(t);
  const tribe = await createTribe(t, leader.token, { visibility });
  const member = await signUp(t, { name: 'Zoé Dupont' });
  await call('POST', `/v1/tribes/${tribe.id}/join`, member.token);
  if (visibility === 'request')
    await call('PATCH', `/v1/tribes/${tribe.id}/members/${member.user.id}`, leader.token, { status: 'active' });
  const moderator = await signUp(t);
  await call('POST', `/v1/tribes/${tribe.id}/join`, moderator.token);
  await call('PATCH', `/v1/tribes/${tribe.id}/members/${moderator.user.id}`, leader.token, {
    status: 'active',
    role: 'moderator',
  });
  const outsider = await signUp(t);
  return { leader, tribe, member, moderator, outsider };
}

async function course(token: string, tribeId: string, body: object = {}) {
  const res = await call('POST', `/v1/tribes/${tribeId}/courses`, token, {
    title: 'Tamazight for beginners',
    status: 'published',
    ...body,
  });
  expect(res.status).toBe(201);
  return (res.body.data as EndpointData<typeof api.createCourse>).course;
}
async function lesson(token: string, courseId: string, title: string, body: object = {}) {
  const res = await call('POST', `/v1/courses/${courseId}/lessons`, token, { title, body_markdown: `## ${title}`, ...body });
  expect(res.status).toBe(201);
  return (res.body.data as EndpointData<typeof api.createLesson>).lesson;
}

describe('authoring and who sees what', () => {
  it('lets leaders and moderators write; hides drafts from learners; opens published courses to members (and to all in an open tribe)', async () => {
    const { leader, tribe, member, moderator, outsider } = await setup('open');
    const draft = await course(leader.token, tribe.slug, { status: 'draft', description: 'Soon' });
    expect(
      (await call('PATCH', `/v1/courses/${draft.id}`, moderator.token, { title: 'Tamazight, first steps' })).body.data.course,
    ).toMatchObject({
      title: 'Tamazight, first steps',
      status: 'draft',
      can_edit: true,
    });
    expect((await call('GET', `/v1/courses/${draft.id}`, member.token)).status).toBe(404);
    expect((await call('GET', `/v1/tribes/${tribe.id}/courses`, member.token)).body.data.items).toEqual([]);
    expect((await call('GET', `/v1/tribes/${tribe.id}/courses`, leader.token)).body.data.items).toHaveLength(1);

    for (const [method, url, body] of [
      ['POST', `/v1/tribes/${tribe.id}/courses`, { title: 'Mine' }],
      ['PATCH', `/v1/courses/${draft.id}`, { title: 'Mine' }],
      ['POST', `/v1/courses/${draft.id}/lessons`, { title: 'Mine' }],
      ['POST', `/v1/courses/${draft.id}/assessments`, QUIZ],
    ] as const) {
      expect((await call(method, url, member.token, body)).status).toBe(url.includes('/tribes/') ? 403 : 404);
    }
    expect((await call('GET', `/v1/courses/${draft.id}`)).status).toBe(401);

    await call('PATCH', `/v1/courses/${draft.id}`, leader.token, { status: 'published' });
    const seen = await call('GET', `/v1/courses/${draft.id}`, member.token);
    expect(seen.body.data.course).toMatchObject({ status: 'published', can_edit: false, enrolment: null, progress: 0 });
    expect((await call('GET', `/v1/courses/${draft.id}`, outsider.token)).status).toBe(200);
    expect((await call('PATCH', `/v1/courses/${draft.id}`, member.token, { title: 'Mine' })).status).toBe(403);
    expect((await call('POST', `/v1/courses/${draft.id}/lessons`, member.token, { title: 'Mine' })).status).toBe(403);
    expect((await call('DELETE', `/v1/courses/${draft.id}`, member.token)).status).toBe(403);

    const closed = await setup('request');
    const members = await course(closed.leader.token, closed.tribe.id);
    expect((await call('GET', `/v1/courses/${members.id}`, closed.member.token)).status).toBe(200);
    expect((await call('GET', `/v1/courses/${members.id}`, closed.outsider.token)).status).toBe(404);
    expect((await call('GET', `/v1/tribes/${closed.tribe.id}/courses`, closed.outsider.token)).status).toBe(403);
    expect((await call('DELETE', `/v1/courses/${members.id}`, closed.moderator.token)).status).toBe(200);
    expect((await call('GET', `/v1/courses/${members.id}`, closed.leader.token)).status).toBe(404);
  });

  it('keeps lesson positions dense through inserts, moves and deletes, and sanitises lesson Markdown', async () => {
    const { leader, tribe, member } = await setup();
    const c = await course(leader.token, tribe.id);
    const a = await lesson(leader.token, c.id, 'A');
    const b = await lesson(leader.token, c.id, 'B');
    const first = await lesson(leader.token, c.id, 'First', {
      position: 1,
      body_markdown: '**Hi** <script>alert(1)</script> [x](javascript:alert(1)) [site](https://example.org)',
      video_url: 'https://video.example.org/v/1',
    });
    const titles = async () =>
      (await call('GET', `/v1/courses/${c.id}`, leader.token)).body.data.course.lessons.map(
        (l: { title: string; position: number }) => `${l.position}${l.title}`,
      );
    expect(await titles()).toEqual(['1First', '2A', '3B']);
    await call('PATCH', `/v1/lessons/${first.id}`, leader.token, { position: 3 });
    expect(await titles()).toEqual(['1A', '2B', '3First']);
    await call('PATCH', `/v1/lessons/${b.id}`, leader.token, { position: 1, title: 'Bee' });
    expect(await titles()).toEqual(['1Bee', '2A', '3First']);
    expect((await call('DELETE', `/v1/lessons/${a.id}`, member.token)).status).toBe(403);
    await call('DELETE', `/v1/lessons/${a.id}`, leader.token);
    expect(await titles()).toEqual(['1Bee', '2First']);

    const read = (await call('GET', `/v1/lessons/${first.id}`, member.token)).body.data.lesson;
    expect(read).toMatchObject({
      position: 2,
      video_url: 'https://video.example.org/v/1',
      previous_lesson_id: b.id,
      next_lesson_id: null,
    });
    expect(read.body_html).toContain('<strong>Hi</strong>');
    expect(read.body_html).toContain('href="https://example.org"');
    expect(read.body_html).not.toMatch(/<script|href="javascript/);
  });
});

describe('assessments', () => {
  it('never sends a key before grading, grades every question kind on the server, and reviews after', async () => {
    const { leader, tribe, member } = await setup();
    const c = await course(leader.token, tribe.id);
    const l = await lesson(leader.token, c.id, 'Words');
    const created = await call('POST', `/v1/courses/${c.id}/assessments`, leader.token, QUIZ);
    expect(created.status).toBe(201);
    const id = created.body.data.assessment.id as string;

    const reads = [
      created,
      await call('GET', `/v1/assessments/${id}`, member.token),
      await call('GET', `/v1/assessments/${id}`, leader.token),
      await call('GET', `/v1/courses/${c.id}`, member.token),
      await call('GET', `/v1/tribes/${tribe.id}/courses`, member.token),
      await call('POST', `/v1/courses/${c.id}/enrol`, member.token),
      await call('GET', `/v1/lessons/${l.id}`, member.token),
      await call('POST', `/v1/lessons/${l.id}/complete`, member.token),
    ];
    for (const r of reads) {
      expect(r.status).toBeLessThan(300);
      expect(keyFields(r.body)).toEqual([]);
    }
    expect((await call('GET', `/v1/assessments/${id}/edit`, member.token)).status).toBe(403);
    expect((await call('PATCH', `/v1/assessments/${id}`, member.token, { title: 'Mine' })).status).toBe(403);
    expect((await call('DELETE', `/v1/assessments/${id}`, member.token)).status).toBe(403);
    const forAuthor = await call('GET', `/v1/assessments/${id}/edit`, leader.token);
    expect(forAuthor.body.data.assessment.questions[0]).toMatchObject({ kind: 'single', correct: 1 });

    const questions = reads[1]!.body.data.assessment.questions as { id: string; kind: string; options?: string[] }[];
    expect(questions.map((q) => q.kind)).toEqual(['single', 'multiple', 'true_false', 'short', 'short', 'short', 'numeric']);
    expect(questions[0]!.options).toEqual(['Fès', 'Rabat', 'Agadir']);
    const answer = (values: unknown[]) => ({ answers: questions.map((q, i) => ({ question_id: q.id, answer: values[i] })) });

    const wrong = await call(
      'POST',
      `/v1/assessments/${id}/attempts`,
      member.token,
      answer([0, [0, 1, 2], false, 'hiver', 'مرحبا', 'תודה', 3.2]),
    );
    expect(wrong.status).toBe(201);
    expect(wrong.body.data.attempt).toMatchObject({
      score: 0,
      passed: false,
      pass_score: 80,
      attempts_used: 1,
      attempts_left: 2,
      course_completed: false,
    });
    expect(wrong.body.data.attempt.results.every((r: { correct: boolean }) => !r.correct)).toBe(true);
    expect(wrong.body.data.attempt.results.some((r: object) => 'expected' in r)).toBe(false);
    expect(wrong.body.message).toBe('You scored 0%. 80% is needed to pass.');

    const right = await call(
      'POST',
      `/v1/assessments/${id}/attempts`,
      member.token,
      answer([1, [2, 0], true, '  ETE ', 'سَلَام', 'שלום', 3.144]),
    );
    expect(right.body.data.attempt).toMatchObject({ score: 100, passed: true, attempts_used: 2, course_completed: true });
    expect(right.body.data.attempt.certificate_id).toEqual(expect.any(String));
    expect(right.body.data.attempt.results.map((r: { correct: boolean }) => r.correct)).toEqual(Array(7).fill(true));
    expect(right.body.data.attempt.results[1].expected).toEqual({ kind: 'multiple', correct: [0, 2] });

    const partial = await call('POST', `/v1/assessments/${id}/attempts`, member.token, {
      answers: [{ question_id: questions[0]!.id, answer: 1 }],
    });
    expect(partial.body.data.attempt).toMatchObject({ score: 14, passed: false, attempts_left: 0 });
    // No attempt left: the review shows every key.
    expect(partial.body.data.attempt.results.every((r: { expected?: unknown }) => r.expected)).toBe(true);
    const used = await call(
      'POST',
      `/v1/assessments/${id}/attempts`,
      member.token,
      answer([1, [2, 0], true, 'ete', 'سلام', 'שלום', 3.14]),
    );
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('You have used every attempt of this assessment.');
    expect(used.body.error_type).toBe('attempts_exhausted');
    expect((await call('GET', `/v1/assessments/${id}`, member.token)).body.data.assessment).toMatchObject({
      attempts_used: 3,
      passed: true,
      best_score: 100,
    });
  });

  it('holds the attempt limit when attempts race', async () => {
    const { leader, tribe, member } = await setup();
    const c = await course(leader.token, tribe.id);
    const a = await call('POST', `/v1/courses/${c.id}/assessments`, leader.token, {
      title: 'One shot',
      attempt_limit: 2,
      questions: [{ kind: 'true_false', prompt: 'Yes?', correct: true }],
    });
    const id = a.body.data.assessment.id;
    const qid = a.body.data.assessment.questions[0].id;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', `/v1/assessments/${id}/attempts`, member.token, { answers: [{ question_id: qid, answer: false }] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
  });

  it('grades an attempt sent twice with one Idempotency-Key once (the offline outbox replays it), even at the limit', async () => {
    const { leader, tribe, member } = await setup();
    const c = await course(leader.token, tribe.id);
    const a = await call('POST', `/v1/courses/${c.id}/assessments`, leader.token, {
      title: 'One shot',
      attempt_limit: 1,
      questions: [{ kind: 'true_false', prompt: 'Yes?', correct: true }],
    });
    const id = a.body.data.assessment.id;
    const qid = a.body.data.assessment.questions[0].id;
    const send = (key: string, answer: boolean) =>
      t.app
        .inject({
          method: 'POST',
          url: `/api/v1/assessments/${id}/attempts`,
          payload: { answers: [{ question_id: qid, answer }] },
          headers: { ...bearer(member.token), 'idempotency-key': key },
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const [first, racing] = await Promise.all([send('attempt-1', true), send('attempt-1', true)]);
    const again = await send('attempt-1', true);
    for (const r of [first, racing, again]) expect(r.status).toBe(201);
    expect(new Set([first, racing, again].map((r) => r.body.data.attempt.id)).size).toBe(1);
    expect(again.body.data.attempt).toMatchObject({ passed: true, attempts_used: 1, attempts_left: 0 });
    // The one attempt allowed was spent once: a new key is refused, the same key with other answers is a conflict.
    expect((await send('attempt-2', true)).status).toBe(409);
    const conflict = await send('attempt-1', false);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error_type).toBe('idempotency_conflict');
    expect((await send('', true)).status).toBe(400);
  });
});

describe('unlocking lessons', () => {
  it('opens lessons in sequence, and by drip days after enrolment on the clock', async () => {
    const { leader, tribe, member } = await setup();
    const seq = await course(leader.token, tribe.id, { unlock: 'sequential' });
    const [s1, s2] = [await lesson(leader.token, seq.id, 'One'), await lesson(leader.token, seq.id, 'Two')];
    const locked = await call('GET', `/v1/lessons/${s2.id}`, member.token);
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({
      status: 'error',
      error_type: 'lesson_locked',
      message: expect.stringContaining('not open yet'),
    });
    expect(locked.body.data).toBeUndefined();
    expect((await call('POST', `/v1/lessons/${s2.id}/complete`, member.token)).status).toBe(409);
    expect((await call('GET', `/v1/lessons/${s2.id}`, leader.token)).status).toBe(200);
    const after = await call('POST', `/v1/lessons/${s1.id}/complete`, member.token);
    expect(after.body.data.course.lessons.map((l: { locked: boolean }) => l.locked)).toEqual([false, false]);
    expect(after.body.data.course.progress).toBe(50);
    expect((await call('GET', `/v1/lessons/${s2.id}`, member.token)).status).toBe(200);

    const drip = await course(leader.token, tribe.id, { unlock: 'drip', drip_days: 2 });
    const d = [
      await lesson(leader.token, drip.id, 'D1'),
      await lesson(leader.token, drip.id, 'D2'),
      await lesson(leader.token, drip.id, 'D3'),
    ];
    const enrolledAt = t.clock.now().getTime();
    const { course: enrolled } = (await call('POST', `/v1/courses/${drip.id}/enrol`, member.token)).body.data as EndpointData<
      typeof api.enrol
    >;
    expect(enrolled.lessons.map((l) => [l.locked, Date.parse(l.available_at ?? '') - enrolledAt])).toEqual([
      [false, 0],
      [true, 2 * DAY],
      [true, 4 * DAY],
    ]);
    expect((await call('GET', `/v1/lessons/${d[1]!.id}`, member.token)).status).toBe(409);
    t.clock.advance(2 * DAY);
    expect((await call('GET', `/v1/lessons/${d[1]!.id}`, member.token)).status).toBe(200);
    expect((await call('POST', `/v1/lessons/${d[2]!.id}/complete`, member.token)).status).toBe(409);
    t.clock.advance(2 * DAY);
    expect((await call('POST', `/v1/lessons/${d[2]!.id}/complete`, member.token)).status).toBe(200);
  });
});

describe('drip lessons that open', () => {
  it('tell each enrolled learner once when a lesson opens (lesson_opened), not before, not twice', async () => {
    const { leader, tribe, member } = await setup();
    const drip = await course(leader.token, tribe.id, { unlock: 'drip', drip_days: 1, title: 'Weaving' });
    const d = [
      await lesson(leader.token, drip.id, 'Warp'),
      await lesson(leader.token, drip.id, 'Weft'),
      await lesson(leader.token, drip.id, 'Knots'),
    ];
    const enrolledAt = t.clock.now().getTime();
    expect((await call('POST', `/v1/courses/${drip.id}/enrol`, member.token)).status).toBe(200);
    const opened = async () =>
      (
        (await call('GET', '/v1/notifications', member.token)).body.data.items as {
          kind: string;
          subject: { id: string; type: string };
        }[]
      )
        .filter((n) => n.kind === 'lesson_opened')
        .map((n) => n.subject.id);
    await t.app.ctx.learning.tellOpenedLessons(new Date(enrolledAt + 3600_000));
    expect(await opened()).toEqual([]);
    await t.app.ctx.learning.tellOpenedLessons(new Date(enrolledAt + DAY + 60_000));
    await t.app.ctx.learning.tellOpenedLessons(new Date(enrolledAt + DAY + 120_000));
    expect(await opened()).toEqual([d[1]!.id]);
    await t.app.ctx.learning.tellOpenedLessons(new Date(enrolledAt + 2 * DAY + 60_000));
    expect((await opened()).sort()).toEqual([d[1]!.id, d[2]!.id].sort());
    // The leader, not enrolled, hears nothing.
    const leaderKinds = (await call('GET', '/v1/notifications', leader.token)).body.data.items as { kind: string }[];
    expect(leaderKinds.filter((n) => n.kind === 'lesson_opened')).toEqual([]);
  });
});

describe('completion and certificates', () => {
  it('issues a PDF certificate with the learner name in Latin, Hebrew or Arabic, verifiable publicly', async () => {
    const { leader, tribe } = await setup();
    const c = await course(leader.token, tribe.id, { title: 'Tifinagh' });
    const l = await lesson(leader.token, c.id, 'Letters');
    const quiz = await call('POST', `/v1/courses/${c.id}/assessments`, leader.token, {
      title: 'Check',
      questions: [{ kind: 'numeric', prompt: '2+2?', correct: 4, tolerance: 0 }],
    });
    const qid = quiz.body.data.assessment.questions[0].id;
    for (const name of ['Zoé Dupont', 'שרה כהן', 'مريم العلوي']) {
      const learner = await signUp(t, { name });
      await call('POST', `/v1/tribes/${tribe.id}/join`, learner.token);
      const pdfUrl = `/api/v1/courses/${c.id}/certificate`;
      const before = await t.app.inject({ method: 'GET', url: pdfUrl, headers: bearer(learner.token) });
      expect(before.statusCode).toBe(404);
      await call('POST', `/v1/lessons/${l.id}/complete`, learner.token);
      const unfinished = await t.app.inject({ method: 'GET', url: pdfUrl, headers: bearer(learner.token) });
      expect(unfinished.statusCode).toBe(409);
      expect(unfinished.json()).toMatchObject({ status: 'error', error_type: 'not_completed' });
      const passed = await call('POST', `/v1/assessments/${quiz.body.data.assessment.id}/attempts`, learner.token, {
        answers: [{ question_id: qid, answer: 4 }],
      });
      const certId = passed.body.data.attempt.certificate_id as string;
      const course = (await call('GET', `/v1/courses/${c.id}`, learner.token)).body.data.course;
      expect(course).toMatchObject({ completed: true, progress: 100, enrolment: { certificate_id: certId } });

      const pdf = await t.app.inject({ method: 'GET', url: pdfUrl, headers: bearer(learner.token) });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
      const text = (await parser.getText()).text;
      await parser.destroy();
      // The whole name, its words apart and in order (pdf.js reverses right-to-left text back).
      expect(text).toContain(name);
      expect(text).toContain('Tifinagh');
      // "Verify at" names the web page of the public record, not the API.
      const page = `http://localhost:3000/certificates/${certId}`; // PUBLIC_URL of the test app
      expect(text.replace(/\s+/g, '')).toContain(page);
      expect(text).not.toContain('/api/v1/certificates');
      expect(pdf.rawPayload.toString('latin1')).toContain(`/URI (${page})`);

      const verified = await call('GET', `/v1/certificates/${certId}`);
      expect(verified.body.data.certificate).toMatchObject({
        learner_name: name,
        course: { id: c.id, title: 'Tifinagh' },
        tribe: { id: tribe.id, name: tribe.name },
      });

      // In the learner's right-to-left language each line is laid out from the right, the tribe's
      // Latin name and the URL kept whole: a right-to-left stretch stands reversed on the page
      // (expected lines written from the bidi rules by hand).
      const rev = (s: string) => [...s].reverse().join('');
      const inLanguage = async (lang: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url: pdfUrl,
          headers: { ...bearer(learner.token), 'accept-language': lang },
        });
        return {
          lines: pdfLines(res.rawPayload)
            .flat()
            .map((l) => l.visual),
          bytes: res.rawPayload,
        };
      };
      const shownName = /[\u0590-\u06ff]/u.test(name) ? rev(name) : name;
      const arabic = await inLanguage('ar');
      expect(arabic.lines).toEqual(
        expect.arrayContaining([
          rev('شهادة إتمام'),
          shownName,
          rev('أتمّ الدورة'),
          'Tifinagh',
          `${tribe.name} ${rev('من تقديم')}`,
          `${page} ${rev('تحقق على')}`,
        ]),
      );
      const readBack = new PDFParse({ data: new Uint8Array(arabic.bytes) });
      const arabicText = (await readBack.getText()).text;
      await readBack.destroy();
      expect(arabicText).toContain('شهادة إتمام');
      expect(arabicText).toContain(name);
      const hebrew = await inLanguage('he');
      expect(hebrew.lines).toEqual(
        expect.arrayContaining([rev('תעודת סיום'), shownName, `${tribe.name} ${rev('מטעם')}`, `${page} ${rev('אימות בכתובת')}`]),
      );
    }
    expect((await call('GET', '/v1/certificates/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('lesson preview', () => {
  it("renders Markdown for any signed-in user with the lessons' own sanitiser, stores nothing, and is a limited write", async () => {
    const { leader, tribe, outsider } = await setup();
    const markdown = '## Hi\n\n**bold** <script>alert(1)</script> [x](javascript:alert(1)) [site](https://example.org)';
    const c = await course(leader.token, tribe.id);
    const saved = await lesson(leader.token, c.id, 'Saved', { body_markdown: markdown });
    const savedHtml = (await call('GET', `/v1/lessons/${saved.id}`, leader.token)).body.data.lesson.body_html as string;

    const send = (token: string | undefined, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/lessons/preview', payload, headers: token ? bearer(token) : {} });
    for (const token of [leader.token, outsider.token]) {
      const res = await send(token, { body_markdown: markdown });
      expect(res.statusCode).toBe(200);
      const html = res.json().data.body_html as string;
      expect(html).toBe(savedHtml);
      expect(html).toContain('<strong>bold</strong>');
      expect(html).toContain('&lt;script&gt;');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('href="javascript:');
      expect(html).toContain('href="https://example.org"');
      // Limited per user like every other write (60 a minute, scaled for tests).
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/lessons/${saved.id}`,
        payload: { title: 'Saved' },
        headers: bearer(leader.token),
      });
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      expect(res.headers['x-ratelimit-limit']).toBe(patch.headers['x-ratelimit-limit']);
    }
    expect((await send(leader.token, { body_markdown: '' })).json().data).toEqual({ body_html: '' });
    // Nothing was stored: the course still has its one lesson, unchanged.
    const after = (await call('GET', `/v1/courses/${c.id}`, leader.token)).body.data.course;
    expect(after.lessons.map((l: { title: string }) => l.title)).toEqual(['Saved']);

    expect((await send(undefined, { body_markdown: 'x' })).statusCode).toBe(401);
    for (const payload of [
      {},
      { body_markdown: 5 },
      { body_markdown: 'x'.repeat(100_001) },
      { body_markdown: 'x', title: 'extra' },
    ]) {
      const res = await send(leader.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', error_type: 'validation_error' });
      expect(Object.keys(res.json().errors as object).length).toBeGreaterThan(0);
    }
    expect(Object.keys((await send(leader.token, { body_markdown: 'x'.repeat(100_001) })).json().errors)).toContain(
      'body_markdown',
    );
  });
});

describe('bad input', () => {
  it('answers 400 validation_error, never 500, on every write endpoint', async () => {
    const { leader, tribe, member } = await setup();
    const c = await course(leader.token, tribe.id);
    const l = await lesson(leader.token, c.id, 'One');
    const a = await call('POST', `/v1/courses/${c.id}/assessments`, leader.token, QUIZ);
    const aid = a.body.data.assessment.id;
    const q0 = a.body.data.assessment.questions[0].id;
    const cases: [Method, string, string, object, string][] = [
      ['POST', `/v1/tribes/${tribe.id}/courses`, leader.token, { title: 'x' }, 'title'],
      ['POST', `/v1/tribes/${tribe.id}/courses`, leader.token, { title: 'Drip', unlock: 'drip' }, 'drip_days'],
      ['POST', `/v1/tribes/${tribe.id}/courses`, leader.token, { title: 'Cover', cover_url: 'http://x.test/a.png' }, 'cover_url'],
      ['POST', `/v1/tribes/${tribe.id}/courses`, leader.token, { title: 'Lang', language: 'de', extra: 1 }, 'language'],
      ['PATCH', `/v1/courses/${c.id}`, leader.token, { unlock: 'drip' }, 'drip_days'],
      ['PATCH', `/v1/courses/${c.id}`, leader.token, { status: 'archived' }, 'status'],
      ['POST', `/v1/courses/${c.id}/lessons`, leader.token, { title: 'Video', video_url: 'javascript:alert(1)' }, 'video_url'],
      ['POST', `/v1/courses/${c.id}/lessons`, leader.token, { title: 'Pos', position: 0 }, 'position'],
      ['PATCH', `/v1/lessons/${l.id}`, leader.token, { title: '' }, 'title'],
      ['PATCH', `/v1/lessons/${l.id}`, leader.token, { body_markdown: 5 }, 'body_markdown'],
      ['POST', `/v1/courses/${c.id}/assessments`, leader.token, { ...QUIZ, questions: [] }, 'questions'],
      [
        'POST',
        `/v1/courses/${c.id}/assessments`,
        leader.token,
        { ...QUIZ, questions: [{ kind: 'single', prompt: 'p', options: ['a', 'b'], correct: 2 }] },
        'questions.0.correct',
      ],
      [
        'POST',
        `/v1/courses/${c.id}/assessments`,
        leader.token,
        { ...QUIZ, questions: [{ kind: 'essay', prompt: 'p' }] },
        'questions.0.kind',
      ],
      ['POST', `/v1/courses/${c.id}/assessments`, leader.token, { ...QUIZ, pass_score: 101 }, 'pass_score'],
      ['PATCH', `/v1/assessments/${aid}`, leader.token, { attempt_limit: 0 }, 'attempt_limit'],
      [
        'POST',
        `/v1/assessments/${aid}/attempts`,
        member.token,
        { answers: [{ question_id: 'nope', answer: 1 }] },
        'answers.0.question_id',
      ],
      [
        'POST',
        `/v1/assessments/${aid}/attempts`,
        member.token,
        { answers: [{ question_id: '00000000-0000-4000-8000-000000000000', answer: 1 }] },
        'answers.0.question_id',
      ],
      [
        'POST',
        `/v1/assessments/${aid}/attempts`,
        member.token,
        { answers: [{ question_id: q0, answer: 'Rabat' }] },
        'answers.0.answer',
      ],
      [
        'POST',
        `/v1/assessments/${aid}/attempts`,
        member.token,
        {
          answers: [
            { question_id: q0, answer: 1 },
            { question_id: q0, answer: 1 },
          ],
        },
        'answers.1.question_id',
      ],
      ['POST', `/v1/assessments/${aid}/attempts`, member.token, { answers: 'all' }, 'answers'],
    ];
    for (const [method, url, token, body, field] of cases) {
      const res = await call(method, url, token, body);
      expect({ url, field, status: res.status }).toEqual({ url, field, status: 400 });
      expect(res.body).toMatchObject({ status: 'error', error_type: 'validation_error', message: 'Validation failed.' });
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    for (const [method, url] of [
      ['POST', '/v1/courses/not-a-uuid/enrol'],
      ['POST', '/v1/lessons/not-a-uuid/complete'],
      ['DELETE', '/v1/courses/not-a-uuid'],
      ['DELETE', '/v1/lessons/not-a-uuid'],
      ['DELETE', '/v1/assessments/not-a-uuid'],
      ['GET', '/v1/certificates/not-a-uuid'],
    ] as const) {
      const res = await call(method, url, leader.token);
      expect({ url, status: res.status, type: res.body.error_type }).toEqual({ url, status: 400, type: 'validation_error' });
    }
    const draft = await course(leader.token, tribe.id, { status: 'draft' });
    expect((await call('POST', `/v1/courses/${draft.id}/enrol`, leader.token)).body.message).toBe(
      'This course is not published yet.',
    );
  });
});

describe('contract', () => {
  it('registers every learning route from the contract, each with its answer in the OpenAPI document', async () => {
    // The PDF is not the envelope: its answer is described with its own content type; every other answer's data is.
    await expectOperationsMatch(t.app, { learning: api }, (e, op) =>
      expect(op.responses['2XX']?.content, e.path).toHaveProperty([e.produces!]),
    );
  });
});
