import { z } from 'zod';
import { PushSubscribeBodySchema, PushSubscriptionSchema, PushUnsubscribeBodySchema } from '../schemas/push.js';
import { endpoint } from './endpoint.js';

const tags = ['push'];

/**
 * Web Push (DESIGN 10.3): the server's VAPID public key for PushManager.subscribe, and the browsers a
 * member subscribed. Subscribing an endpoint again (the same browser) replaces its keys and owner.
 */
export const pushEndpoints = {
  vapidKey: endpoint({
    method: 'GET',
    path: '/v1/push/vapid_public_key',
    summary: "The server's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe.",
    tags,
    auth: 'public',
    data: z.object({ public_key: z.string() }),
    errors: [],
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/v1/push/subscriptions',
    summary:
      "Stores this browser's push subscription for me (endpoint, keys.p256dh, keys.auth). The endpoint must be https and " +
      'must not resolve to a loopback or private address (400) unless PUSH_ALLOW_PRIVATE_ENDPOINTS=true.',
    tags,
    auth: 'user',
    body: PushSubscribeBodySchema,
    data: z.object({ subscription: PushSubscriptionSchema }),
    status: 201,
    errors: [401],
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/v1/push/subscriptions',
    summary: 'Forgets one of my browsers (by endpoint); idempotent.',
    tags,
    auth: 'user',
    body: PushUnsubscribeBodySchema,
    data: z.object({ deleted: z.boolean() }),
    errors: [401],
  }),
} as const;
