import { z } from 'zod';
import { ContactBodySchema, FeedbackBodySchema } from '../schemas/contact.js';
import { endpoint } from './endpoint.js';

const StoredMessageSchema = z.object({ id: z.uuid() });

/** Messages to the operators: public, linked to the sender when signed in. */
export const contactEndpoints = {
  contact: endpoint({
    method: 'POST',
    path: '/v1/contact',
    summary: 'Sends a message to the operators (stored and mailed).',
    tags: ['contact'],
    auth: 'optional',
    body: ContactBodySchema,
    data: StoredMessageSchema,
    status: 201,
    errors: [],
  }),
  feedback: endpoint({
    method: 'POST',
    path: '/v1/feedback',
    summary: 'Sends a rating and a comment about the product.',
    tags: ['contact'],
    auth: 'optional',
    body: FeedbackBodySchema,
    data: StoredMessageSchema,
    status: 201,
    errors: [],
  }),
} as const;
