import { useMutation } from '@tanstack/react-query';
import { contactEndpoints, type ContactBody, type FeedbackBody } from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';

export function useSendContact() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: ContactBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.call(contactEndpoints.contact, { body }, { onFieldErrors }),
  });
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: FeedbackBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.call(contactEndpoints.feedback, { body }, { onFieldErrors }),
  });
}
