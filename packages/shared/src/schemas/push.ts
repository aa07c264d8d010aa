import { z } from 'zod';

/** Base64url without padding (a browser's PushSubscription.toJSON() keys), padding tolerated. */
const base64url = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'validation.push_key' });

/**
 * POST /v1/push/subscriptions: a browser's PushSubscription as its toJSON() gives it (DESIGN 10.3).
 * The endpoint must be https; the server also refuses one whose host is a private or loopback address.
 */
export const PushSubscribeBodySchema = z.strictObject({
  endpoint: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', { error: 'validation.push_endpoint_https' }),
  /** What toJSON() adds; read and ignored (a push service's expiry is learnt from its 404/410). */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBodySchema>;

/** DELETE /v1/push/subscriptions: the endpoint of the browser that stops receiving pushes. */
export const PushUnsubscribeBodySchema = z.strictObject({ endpoint: z.string().trim().min(1).max(2000) });

export const PushSubscriptionSchema = z.object({ endpoint: z.string(), created_at: z.string() });
export type PushSubscriptionInfo = z.infer<typeof PushSubscriptionSchema>;

/** What a push carries, in the recipient's language; `url` opens the page it is about. */
export const PushPayloadSchema = z.object({ type: z.string(), title: z.string(), body: z.string(), url: z.string() });
export type PushMessage = z.infer<typeof PushPayloadSchema>;
