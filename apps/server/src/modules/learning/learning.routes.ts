import { learningEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { Learning } from './learning.module.js';
import { optionalIdempotencyKey } from '#src/core/idempotency-key.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route, sendPdf } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface LearningRoutesDeps {
  learning: Learning;
}

/** The learning center (DESIGN section 5; every endpoint is declared in packages/shared/src/contract/learning.ts). */
export async function learningRoutes(app: FastifyInstance, { ctx }: { ctx: LearningRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };
  const { courses, assessments, certificates } = ctx.learning;

  route(app, api.listCourses)(async (req) => ({ data: await courses.list(req.params.id, req.auth!.user, req.query) }));

  route(
    app,
    api.createCourse,
    write,
  )(async (req) => ({
    data: { course: await courses.create(req.params.id, req.auth!.user, req.body) },
    message: 'learning.course_created',
  }));

  route(app, api.getCourse)(async (req) => ({ data: { course: await courses.get(req.params.id, req.auth!.user) } }));

  route(
    app,
    api.updateCourse,
    write,
  )(async (req) => ({
    data: { course: await courses.update(req.params.id, req.auth!.user, req.body) },
    message: 'learning.course_updated',
  }));

  route(
    app,
    api.deleteCourse,
    write,
  )(async (req) => {
    await courses.remove(req.params.id, req.auth!.user);
    return { data: {}, message: 'learning.course_deleted' };
  });

  route(
    app,
    api.enrol,
    write,
  )(async (req) => ({ data: { course: await courses.enrol(req.params.id, req.auth!.user) }, message: 'learning.enrolled' }));

  route(
    app,
    api.createLesson,
    write,
  )(async (req) => ({
    data: { lesson: await courses.addLesson(req.params.id, req.auth!.user, req.body) },
    message: 'learning.lesson_created',
  }));

  route(app, api.previewLesson, write)(async (req) => ({ data: courses.previewLesson(req.body) }));

  route(app, api.getLesson)(async (req) => ({ data: { lesson: await courses.getLesson(req.params.id, req.auth!.user) } }));

  route(
    app,
    api.updateLesson,
    write,
  )(async (req) => ({
    data: { lesson: await courses.updateLesson(req.params.id, req.auth!.user, req.body) },
    message: 'learning.lesson_updated',
  }));

  route(
    app,
    api.deleteLesson,
    write,
  )(async (req) => {
    await courses.removeLesson(req.params.id, req.auth!.user);
    return { data: {}, message: 'learning.lesson_deleted' };
  });

  route(
    app,
    api.completeLesson,
    write,
  )(async (req) => ({
    data: { course: await courses.completeLesson(req.params.id, req.auth!.user) },
    message: 'learning.lesson_completed',
  }));

  route(
    app,
    api.createAssessment,
    write,
  )(async (req) => ({
    data: { assessment: await assessments.create(req.params.id, req.auth!.user, req.body) },
    message: 'learning.assessment_created',
  }));

  route(app, api.getAssessment)(async (req) => ({ data: { assessment: await assessments.get(req.params.id, req.auth!.user) } }));

  route(
    app,
    api.getAssessmentForAuthor,
  )(async (req) => ({ data: { assessment: await assessments.getForAuthor(req.params.id, req.auth!.user) } }));

  route(
    app,
    api.updateAssessment,
    write,
  )(async (req) => ({
    data: { assessment: await assessments.update(req.params.id, req.auth!.user, req.body) },
    message: 'learning.assessment_updated',
  }));

  route(
    app,
    api.deleteAssessment,
    write,
  )(async (req) => {
    await assessments.remove(req.params.id, req.auth!.user);
    return { data: {}, message: 'learning.assessment_deleted' };
  });

  route(
    app,
    api.attempt,
    write,
  )(async (req) => {
    const { attempt, status } = await assessments.attempt(req.params.id, req.auth!.user, req.body, optionalIdempotencyKey(req));
    return {
      statusCode: status,
      data: { attempt },
      message: attempt.passed ? 'learning.attempt_passed' : 'learning.attempt_failed',
      params: { score: attempt.score, pass_score: attempt.pass_score },
    };
  });

  route(
    app,
    api.certificatePdf,
  )(async (req, reply) => sendPdf(reply, await certificates.pdf(req.params.id, req.auth!.user, req.locale)));

  route(app, api.verifyCertificate)(async (req) => ({ data: { certificate: await certificates.verify(req.params.id) } }));
}
