import {
  AttemptBodySchema,
  CourseListQuerySchema,
  CreateAssessmentBodySchema,
  CreateCourseBodySchema,
  CreateLessonBodySchema,
  IdParamsSchema,
  PreviewLessonBodySchema,
  TribeRefParamsSchema,
  UpdateAssessmentBodySchema,
  UpdateCourseBodySchema,
  UpdateLessonBodySchema,
} from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';

/** The learning center (DESIGN section 5; every endpoint is listed in packages/shared/src/schemas/learning.ts). */
export async function learningRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['learning'];
  const read = { onRequest: [app.authenticate] };
  const write = { onRequest: [app.authenticate], config: limit(app, LIMITS.write) };
  const { courses, assessments, certificates } = ctx.learning;

  r.get(
    '/v1/tribes/:id/courses',
    { ...read, schema: { tags, params: TribeRefParamsSchema, querystring: CourseListQuerySchema } },
    async (req, reply) => success(req, reply, await courses.list(req.params.id, req.auth!.user, req.query)),
  );
  r.post(
    '/v1/tribes/:id/courses',
    { ...write, schema: { tags, params: TribeRefParamsSchema, body: CreateCourseBodySchema } },
    async (req, reply) =>
      success(
        req,
        reply,
        { course: await courses.create(req.params.id, req.auth!.user, req.body) },
        'learning.course_created',
        undefined,
        201,
      ),
  );
  r.get('/v1/courses/:id', { ...read, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { course: await courses.get(req.params.id, req.auth!.user) }),
  );
  r.patch(
    '/v1/courses/:id',
    { ...write, schema: { tags, params: IdParamsSchema, body: UpdateCourseBodySchema } },
    async (req, reply) =>
      success(req, reply, { course: await courses.update(req.params.id, req.auth!.user, req.body) }, 'learning.course_updated'),
  );
  r.delete('/v1/courses/:id', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await courses.remove(req.params.id, req.auth!.user);
    return success(req, reply, {}, 'learning.course_deleted');
  });
  r.post('/v1/courses/:id/enrol', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { course: await courses.enrol(req.params.id, req.auth!.user) }, 'learning.enrolled'),
  );

  r.post(
    '/v1/courses/:id/lessons',
    { ...write, schema: { tags, params: IdParamsSchema, body: CreateLessonBodySchema } },
    async (req, reply) =>
      success(
        req,
        reply,
        { lesson: await courses.addLesson(req.params.id, req.auth!.user, req.body) },
        'learning.lesson_created',
        undefined,
        201,
      ),
  );
  r.post('/v1/lessons/preview', { ...write, schema: { tags, body: PreviewLessonBodySchema } }, async (req, reply) =>
    success(req, reply, courses.previewLesson(req.body)),
  );
  r.get('/v1/lessons/:id', { ...read, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { lesson: await courses.getLesson(req.params.id, req.auth!.user) }),
  );
  r.patch(
    '/v1/lessons/:id',
    { ...write, schema: { tags, params: IdParamsSchema, body: UpdateLessonBodySchema } },
    async (req, reply) =>
      success(
        req,
        reply,
        { lesson: await courses.updateLesson(req.params.id, req.auth!.user, req.body) },
        'learning.lesson_updated',
      ),
  );
  r.delete('/v1/lessons/:id', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await courses.removeLesson(req.params.id, req.auth!.user);
    return success(req, reply, {}, 'learning.lesson_deleted');
  });
  r.post('/v1/lessons/:id/complete', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { course: await courses.completeLesson(req.params.id, req.auth!.user) }, 'learning.lesson_completed'),
  );

  r.post(
    '/v1/courses/:id/assessments',
    { ...write, schema: { tags, params: IdParamsSchema, body: CreateAssessmentBodySchema } },
    async (req, reply) =>
      success(
        req,
        reply,
        { assessment: await assessments.create(req.params.id, req.auth!.user, req.body) },
        'learning.assessment_created',
        undefined,
        201,
      ),
  );
  r.get('/v1/assessments/:id', { ...read, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { assessment: await assessments.get(req.params.id, req.auth!.user) }),
  );
  r.get('/v1/assessments/:id/edit', { ...read, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { assessment: await assessments.getForAuthor(req.params.id, req.auth!.user) }),
  );
  r.patch(
    '/v1/assessments/:id',
    { ...write, schema: { tags, params: IdParamsSchema, body: UpdateAssessmentBodySchema } },
    async (req, reply) =>
      success(
        req,
        reply,
        { assessment: await assessments.update(req.params.id, req.auth!.user, req.body) },
        'learning.assessment_updated',
      ),
  );
  r.delete('/v1/assessments/:id', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await assessments.remove(req.params.id, req.auth!.user);
    return success(req, reply, {}, 'learning.assessment_deleted');
  });
  r.post(
    '/v1/assessments/:id/attempts',
    { ...write, schema: { tags, params: IdParamsSchema, body: AttemptBodySchema } },
    async (req, reply) => {
      const attempt = await assessments.attempt(req.params.id, req.auth!.user, req.body);
      const key = attempt.passed ? 'learning.attempt_passed' : 'learning.attempt_failed';
      return success(req, reply, { attempt }, key, { score: attempt.score, pass_score: attempt.pass_score }, 201);
    },
  );

  r.get('/v1/courses/:id/certificate', { ...read, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    const { pdf, filename } = await certificates.pdf(req.params.id, req.auth!.user, req.locale);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
  r.get('/v1/certificates/:id', { schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { certificate: await certificates.verify(req.params.id) }),
  );
}
