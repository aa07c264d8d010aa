import { ACTIVE, MODS, STRANGERS, by, everyone, signedIn, type Cell, type Rule, type Rules } from './types.js';

/**
 * The learning center (DESIGN 5 "Learning center"). Tribe A is open, so its published course is read
 * by anyone signed in; authoring is its leaders' and moderators'; its banned members are told 403.
 */

const readers = [...ACTIVE, ...STRANGERS] as const;
const notMods = ['member', 'banned', ...STRANGERS] as const;
/** Reading or taking the published course. */
const read = (request: Rule['request']): Rule => ({
  expect: by({ allow: readers, 403: ['banned'], 401: ['anonymous'] }),
  request,
});
/** Authoring it. */
const author = (request: Rule['request']): Rule => ({ expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }), request });

const course = (c: Cell) => ({ params: { id: c.w.ids.course! } });
const lesson = (c: Cell) => ({ params: { id: c.w.ids.lesson! } });
const assessment = (c: Cell) => ({ params: { id: c.w.ids.assessment! } });

/** A fresh part of the course (a course, lesson or assessment), made by the leader, for a deletion. */
async function fresh(c: Cell, kind: 'course' | 'lesson' | 'assessment') {
  const L = c.w.actors.leader.token;
  const { ids } = c.w;
  if (kind === 'course')
    return (await c.w.call('POST', `/v1/tribes/${c.w.tribeA}/courses`, L, { title: 'Gone soon', status: 'published' })).data
      .course.id;
  if (kind === 'lesson')
    return (await c.w.call('POST', `/v1/courses/${ids.course}/lessons`, L, { title: 'Gone soon' })).data.lesson.id;
  const body = { title: 'Gone soon', questions: [{ kind: 'true_false', prompt: 'Sky is blue', correct: true }] };
  return (await c.w.call('POST', `/v1/courses/${ids.course}/assessments`, L, body)).data.assessment.id;
}

export const learningRules: Rules = {
  // The draft course is its authors' alone.
  'learning.listCourses': {
    ...read((c) => ({ params: { id: c.w.tribeA } })),
    secret: { from: ['member', ...STRANGERS], text: (w) => w.ids.draftCourse! },
  },
  'learning.createCourse': author((c) => ({ params: { id: c.w.tribeA }, body: { title: 'Irrigation' } })),
  'learning.getCourse': read(course),
  'learning.updateCourse': author((c) => ({ ...course(c), body: { description: 'All about water' } })),
  'learning.deleteCourse': author(async (c) => ({ params: { id: await fresh(c, 'course') } })),
  'learning.enrol': read(course),
  'learning.createLesson': author((c) => ({ ...course(c), body: { title: 'Two' } })),
  'learning.previewLesson': { expect: signedIn(), request: () => ({ body: { body_markdown: '# Hi' } }) },
  'learning.getLesson': read(lesson),
  'learning.updateLesson': author((c) => ({ ...lesson(c), body: { body_markdown: 'Water *flows*.' } })),
  'learning.deleteLesson': author(async (c) => ({ params: { id: await fresh(c, 'lesson') } })),
  'learning.completeLesson': read(lesson),
  'learning.createAssessment': author((c) => ({
    ...course(c),
    body: { title: 'Quiz 2', questions: [{ kind: 'true_false', prompt: 'Rain is water', correct: true }] },
  })),
  'learning.getAssessment': read(assessment),
  'learning.getAssessmentForAuthor': author(assessment),
  'learning.updateAssessment': author((c) => ({ ...assessment(c), body: { pass_score: 60 } })),
  'learning.deleteAssessment': author(async (c) => ({ params: { id: await fresh(c, 'assessment') } })),
  'learning.attempt': read((c) => ({ ...assessment(c), body: { answers: [] } })),
  // Nobody has earned it yet: 409 for the readers, who reached it.
  'learning.certificatePdf': read(course),
  'learning.verifyCertificate': {
    expect: everyone(404),
    reason: 'a certificate id of a course passed is not made here: the public check answers 404 to everyone for an unknown id',
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
  },
};
