import { useMutation } from '@tanstack/react-query';
import type { ContactBody, FeedbackBody } from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';

export function useSendContact() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: ContactBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.request<{ id: string }>('/v1/contact', { method: 'POST', body, onFieldErrors }),
  });
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: FeedbackBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.request<{ id: string }>('/v1/feedback', { method: 'POST', body, onFieldErrors }),
  });
}
