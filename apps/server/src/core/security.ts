import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';

/** The only origins a page may frame: the embedded players of lesson videos (web: features/learning video embed). */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * What the stock firebase/auth SDK needs beyond 'self' (DESIGN 10.2), only when Firebase is configured:
 * - Google, Apple, Facebook (popup or redirect): Google's gapi loader (apis.google.com) and the helper iframe
 *   of the auth domain (the emulator's own origin in dev and tests), and a Cross-Origin-Opener-Policy that
 *   keeps the page's link to its popup (with 'same-origin' the popup looks closed at once and every popup
 *   sign-in ends as "closed by the user");
 * - phone with a real project: the invisible reCAPTCHA (scripts and frame); the emulator checks none.
 */
export function firebaseSources(firebase: Config['firebase']): { script: string[]; frame: string[]; popups: boolean } {
  if (!firebase) return { script: [], frame: [], popups: false };
  const popups = firebase.providers.some((p) => p !== 'phone');
  const recaptcha = firebase.providers.includes('phone') && !firebase.emulatorHost;
  const helper = firebase.emulatorHost ? `http://${firebase.emulatorHost}` : `https://${firebase.authDomain}`;
  return {
    script: [
      ...(popups ? ['https://apis.google.com'] : []),
      ...(recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : []),
    ],
    frame: [
      ...(popups ? [helper] : []),
      ...(recaptcha ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : []),
    ],
    popups,
  };
}

/**
 * Security headers with a strict CSP (no inline scripts), HSTS behind TLS, and CORS limited to PUBLIC_URL.
 * `firebase` (the configuration's) opens exactly what its sign-in methods need (firebaseSources).
 */
export async function registerSecurity(app: FastifyInstance, publicUrl: URL, firebase: Config['firebase']): Promise<void> {
  const https = publicUrl.protocol === 'https:';
  const identity = firebaseSources(firebase);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...identity.script],
        // MUI's emotion writes <style> tags at run time; scripts stay strictly 'self'.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", https ? 'wss:' : 'ws:', https ? 'https:' : 'http:'],
        // Lesson videos: the YouTube (privacy-enhanced) and Vimeo players; Firebase's helper frames when configured.
        'frame-src': [...VIDEO_FRAME_ORIGINS, ...identity.frame],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: identity.popups ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(cors, {
    origin: [publicUrl.origin],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'Idempotency-Key', 'X-Socket-Id'],
    exposedHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
}
