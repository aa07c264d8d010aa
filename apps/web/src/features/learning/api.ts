import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  learningEndpoints as endpoints,
  type AttemptBody,
  type CreateAssessmentBody,
  type CreateCourseBody,
  type CreateLessonBody,
  type UpdateAssessmentBody,
  type UpdateCourseBody,
  type UpdateLessonBody,
} from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { viaOutbox } from '../../lib/offline/outbox';

/** Query keys of the learning center: every read sits under 'learning'. */
export const learningKeys = {
  all: ['learning'] as const,
  tribeCourses: (tribeRef: string) => ['learning', 'tribe-courses', tribeRef] as const,
  course: (id: string) => ['learning', 'course', id] as const,
  lesson: (id: string) => ['learning', 'lesson', id] as const,
  assessment: (id: string) => ['learning', 'assessment', id] as const,
  assessmentEdit: (id: string) => ['learning', 'assessment-edit', id] as const,
  certificate: (id: string) => ['learning', 'certificate', id] as const,
};

const PAGE_SIZE = 20;

/** After a change, every learning read refetches (progress and locks ripple through a course). */
function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: learningKeys.all });
}

type WithErrors<B> = { body: B; onFieldErrors?: FieldErrorsHandler };

/** GET /v1/tribes/{id}/courses, page by page (drafts only for authors). */
export function useTribeCourses(tribeRef: string) {
  return useInfiniteQuery({
    queryKey: learningKeys.tribeCourses(tribeRef),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.listCourses,
          { params: { id: tribeRef }, query: { limit: PAGE_SIZE, cursor: pageParam || undefined } },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /v1/courses/{id}: the course with its outline, my enrolment and progress. */
export function useCourse(id: string | undefined) {
  return useQuery({
    queryKey: learningKeys.course(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => (await api.call(endpoints.getCourse, { params: { id: id ?? '' } }, { signal })).data.course,
  });
}

/** GET /v1/lessons/{id}; a locked lesson answers 409, shown by the page itself. */
export function useLesson(id: string | undefined) {
  return useQuery({
    queryKey: learningKeys.lesson(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.getLesson, { params: { id: id ?? '' } }, { signal, quietStatuses: [409] })).data.lesson,
  });
}

/** GET /v1/assessments/{id}: the questions, never their keys. */
export function useAssessment(id: string | undefined) {
  return useQuery({
    queryKey: learningKeys.assessment(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.getAssessment, { params: { id: id ?? '' } }, { signal })).data.assessment,
  });
}

/** GET /v1/assessments/{id}/edit (authors): the questions with their keys. */
export function useAssessmentForAuthor(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: learningKeys.assessmentEdit(id ?? ''),
    enabled: enabled && Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.getAssessmentForAuthor, { params: { id: id ?? '' } }, { signal })).data.assessment,
  });
}

/** GET /v1/certificates/{id}: public proof of a completion. */
export function useCertificate(id: string | undefined) {
  return useQuery({
    queryKey: learningKeys.certificate(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.verifyCertificate, { params: { id: id ?? '' } }, { signal, quietStatuses: [404] })).data
        .certificate,
  });
}

export function useCreateCourse(tribeRef: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<CreateCourseBody>) =>
      (await api.call(endpoints.createCourse, { params: { id: tribeRef }, body }, { onFieldErrors })).data.course,
    onSuccess: () => refresh(client),
  });
}

export function useUpdateCourse(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<UpdateCourseBody>) =>
      (await api.call(endpoints.updateCourse, { params: { id }, body }, { onFieldErrors })).data.course,
    onSuccess: (course) => {
      client.setQueryData(learningKeys.course(id), course);
      refresh(client);
    },
  });
}

export function useDeleteCourse(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => api.call(endpoints.deleteCourse, { params: { id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: learningKeys.course(id) });
      refresh(client);
    },
  });
}

/** POST /v1/courses/{id}/enrol (idempotent). */
export function useEnrol(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.enrol, { params: { id } })).data.course,
    onSuccess: (course) => {
      client.setQueryData(learningKeys.course(id), course);
      refresh(client);
    },
  });
}

export function useCreateLesson(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<CreateLessonBody>) =>
      (await api.call(endpoints.createLesson, { params: { id: courseId }, body }, { onFieldErrors })).data.lesson,
    onSuccess: () => refresh(client),
  });
}

/**
 * POST /v1/lessons/preview: the server's rendering of a lesson body (the same Markdown renderer and
 * sanitiser as a saved lesson), for the editor's live preview. Only while `enabled` and for
 * non-blank text; the previous rendering stays on screen while the next one loads. Its key is
 * outside 'learning' so saving a lesson does not refetch every preview.
 */
export function useLessonPreview(markdown: string, enabled: boolean) {
  return useQuery({
    queryKey: ['learning-preview', markdown] as const,
    enabled: enabled && markdown.trim() !== '',
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.call(
          endpoints.previewLesson,
          { body: { body_markdown: markdown } },
          {
            signal,
            notifySuccess: false,
            // Shown in the preview panel itself.
            quietStatuses: [400, 429],
          },
        )
      ).data.body_html,
  });
}

/** PATCH /v1/lessons/{id}: content, or `position` alone to move it. */
export function useUpdateLesson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, onFieldErrors, quiet }: WithErrors<UpdateLessonBody> & { id: string; quiet?: boolean }) =>
      (await api.call(endpoints.updateLesson, { params: { id }, body }, { onFieldErrors, notifySuccess: !quiet })).data.lesson,
    onSuccess: (lesson) => {
      client.setQueryData(learningKeys.lesson(lesson.id), lesson);
      refresh(client);
    },
  });
}

export function useDeleteLesson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(endpoints.deleteLesson, { params: { id } }),
    onSuccess: (_d, id) => {
      client.removeQueries({ queryKey: learningKeys.lesson(id) });
      refresh(client);
    },
  });
}

/** POST /v1/lessons/{id}/complete → the course with its new progress. */
export function useCompleteLesson(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) =>
      viaOutbox(
        { kind: 'lesson_complete', lesson_id: lessonId, title },
        async (o) => (await api.call(endpoints.completeLesson, { params: { id: lessonId } }, o)).data.course,
      ),
    onSuccess: (course) => {
      // null: kept in the outbox (offline), sent once the network is back.
      if (!course) return;
      client.setQueryData(learningKeys.course(course.id), course);
      refresh(client);
    },
  });
}

export function useCreateAssessment(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<CreateAssessmentBody>) =>
      (await api.call(endpoints.createAssessment, { params: { id: courseId }, body }, { onFieldErrors })).data.assessment,
    onSuccess: () => refresh(client),
  });
}

export function useUpdateAssessment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<UpdateAssessmentBody>) =>
      (await api.call(endpoints.updateAssessment, { params: { id }, body }, { onFieldErrors })).data.assessment,
    onSuccess: () => refresh(client),
  });
}

export function useDeleteAssessment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(endpoints.deleteAssessment, { params: { id } }),
    onSuccess: (_d, id) => {
      client.removeQueries({ queryKey: learningKeys.assessment(id) });
      refresh(client);
    },
  });
}

/**
 * POST /v1/assessments/{id}/attempts: graded on the server; 409 once no attempt is left. Offline the
 * answers wait in the outbox (null) and are graded once sent, with their key, exactly once.
 */
export function useSubmitAttempt(id: string, title: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AttemptBody) =>
      viaOutbox(
        { kind: 'attempt', assessment_id: id, title, body },
        async (o) => (await api.call(endpoints.attempt, { params: { id }, body }, o)).data.attempt,
      ),
    onSuccess: (attempt) => {
      if (attempt) refresh(client);
    },
  });
}
