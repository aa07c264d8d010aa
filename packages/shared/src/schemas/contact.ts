import { z } from 'zod';
import { EmailSchema } from './common.js';
import { CONTACT_LIMITS } from '../rules/contact.js';

export * from '../rules/contact.js';

/** POST /v1/contact: a message to the operators. */
export const ContactBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(CONTACT_LIMITS.nameMax),
  email: EmailSchema,
  subject: z.string().trim().min(1).max(CONTACT_LIMITS.subjectMax),
  message: z.string().trim().min(1).max(CONTACT_LIMITS.messageMax),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** POST /v1/feedback: a rating and a comment about the product; the email is optional. */
export const FeedbackBodySchema = z.strictObject({
  rating: z.number().int().min(CONTACT_LIMITS.ratingMin).max(CONTACT_LIMITS.ratingMax).optional(),
  message: z.string().trim().min(1).max(CONTACT_LIMITS.messageMax),
  email: EmailSchema.optional(),
  page: z.string().trim().max(CONTACT_LIMITS.pageMax).optional(),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;
