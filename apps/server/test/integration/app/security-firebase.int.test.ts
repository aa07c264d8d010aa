import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';

/** The CSP as { directive: 'values' }. */
function directives(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

const VIDEO = 'https://www.youtube-nocookie.com https://player.vimeo.com';

/**
 * The stock firebase/auth SDK's popup and redirect sign-ins load Google's gapi loader and frame the auth
 * domain's helper page, and need the page's link to its popup (Cross-Origin-Opener-Policy); the phone
 * method with a real project draws the invisible reCAPTCHA. The headers open exactly that, only when
 * Firebase is configured with those methods (the Chromium test e2e/identity-firebase drives the popup).
 */
describe('security headers with Firebase sign-in configured', () => {
  let bare: TestApp;
  const apps: TestApp[] = [];
  const headersWith = async (env: Record<string, string>) => {
    const t = await buildTestApp({ database: bare.database, env });
    apps.push(t);
    const res = await t.app.inject({ url: '/api/v1/password_policy' });
    return { csp: directives(res.headers['content-security-policy'] as string), coop: res.headers['cross-origin-opener-policy'] };
  };

  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await bare.close();
  });

  it('without Firebase: scripts only from the app, frames only the video players, popups cut off', async () => {
    const res = await bare.app.inject({ url: '/api/v1/password_policy' });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-src']).toBe(VIDEO);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('a real project with Google and phone: gapi, the auth domain helper, reCAPTCHA, popups kept', async () => {
    const { csp, coop } = await headersWith({
      FIREBASE_PROJECT_ID: 'tribes-prod',
      FIREBASE_API_KEY: 'AIzaPublicWebKey',
      FIREBASE_AUTH_DOMAIN: 'login.tribes.example',
      IDENTITY_PROVIDERS: 'google,phone',
    });
    expect(csp['script-src']).toBe(
      "'self' https://apis.google.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(csp['frame-src']).toBe(
      `${VIDEO} https://login.tribes.example https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/`,
    );
    expect(coop).toBe('same-origin-allow-popups');
    // Nothing else loosened.
    expect(csp['default-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
  });

  it('the emulator with Apple: the emulator origin is the helper frame, no reCAPTCHA', async () => {
    const { csp, coop } = await headersWith({
      FIREBASE_PROJECT_ID: 'demo-tribes',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      IDENTITY_PROVIDERS: 'apple,phone',
    });
    expect(csp['script-src']).toBe("'self' https://apis.google.com");
    expect(csp['frame-src']).toBe(`${VIDEO} http://127.0.0.1:9099`);
    expect(coop).toBe('same-origin-allow-popups');
  });

  it('phone only on the emulator: nothing opened', async () => {
    const { csp, coop } = await headersWith({
      FIREBASE_PROJECT_ID: 'demo-tribes',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      IDENTITY_PROVIDERS: 'phone',
    });
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-src']).toBe(VIDEO);
    expect(coop).toBe('same-origin');
  });
});
