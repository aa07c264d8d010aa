import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, post, signUp, uniqueEmail } from '#test/factories.js';

const OPERATORS = 'operators@localhost';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Amal Haddad',
  email: uniqueEmail('sender'),
  subject: 'A question about villages',
  message: 'How do I register <b>my</b> village?',
  ...overrides,
});

async function rows(table: 'contact_messages' | 'feedback_entries', id: string) {
  const result = await t.database.db.execute(sql`select * from ${sql.identifier(table)} where id = ${id}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('POST /v1/contact', () => {
  it('stores the message and mails it to the operators', async () => {
    const body = contact();
    const res = await post(t, '/api/v1/contact', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'success', message: 'Thank you. Your message has been sent to our team.' });
    const [row] = await rows('contact_messages', res.body.data.id);
    expect(row).toMatchObject({ name: 'Amal Haddad', email: body.email, subject: body.subject, user_id: null, locale: 'en' });
    // The first operator mail of this file.
    const mail = await t.mail.waitFor(OPERATORS);
    expect(mail.subject).toBe('Contact form: A question about villages');
    expect(mail.text).toContain(body.email);
    expect(mail.text).toContain('How do I register <b>my</b> village?');
    expect(mail.html).toContain('&lt;b&gt;my&lt;/b&gt;');
  });

  it('links a signed-in sender and answers in their language', async () => {
    const user = await signUp(t);
    const res = await post(t, '/api/v1/contact', contact({ subject: 'Signed in' }), {
      ...bearer(user.token),
      'accept-language': 'fr',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Merci. Votre message a été envoyé à notre équipe.');
    const [row] = await rows('contact_messages', res.body.data.id);
    expect(row).toMatchObject({ user_id: user.user.id, locale: 'fr' });
  });

  it('ignores an invalid token rather than refusing the message', async () => {
    const res = await post(t, '/api/v1/contact', contact(), bearer('not-a-real-token'));
    expect(res.status).toBe(201);
    const [row] = await rows('contact_messages', res.body.data.id);
    expect(row?.user_id).toBeNull();
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'This field is required.'],
    ['a blank subject', { subject: '   ' }, 'subject', 'This field is required.'],
    ['a bad email', { email: 'nope' }, 'email', 'Enter a valid email address.'],
    ['a too long message', { message: 'x'.repeat(5001) }, 'message', 'Must be at most 5000 characters.'],
    ['a name of the wrong type', { name: 42 }, 'name', 'This value has the wrong type.'],
  ])('answers 400 with a field error for %s', async (_label, overrides, field, message) => {
    const res = await post(t, '/api/v1/contact', contact(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', error_type: 'validation_error', message: 'Validation failed.' });
    expect(res.body.errors[field]).toContain(message);
  });

  it('rejects unknown fields', async () => {
    const res = await post(t, '/api/v1/contact', { ...contact(), priority: 'urgent' });
    expect(res.status).toBe(400);
    expect(res.body.errors.priority).toEqual(['This field is not allowed.']);
  });
});

describe('POST /v1/feedback', () => {
  it('stores anonymous feedback with a rating and mails it', async () => {
    const before = t.mail.messages.filter((m) => m.subject === 'Feedback from Tribes').length;
    const res = await post(
      t,
      '/api/v1/feedback',
      { rating: 4, message: 'Lovely in Arabic too.', page: '/sign-in' },
      { 'accept-language': 'ar' },
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('شكرًا لك على ملاحظاتك.');
    const [row] = await rows('feedback_entries', res.body.data.id);
    expect(row).toMatchObject({
      rating: 4,
      message: 'Lovely in Arabic too.',
      page: '/sign-in',
      email: null,
      user_id: null,
      locale: 'ar',
    });
    const deadline = Date.now() + 5000;
    while (t.mail.messages.filter((m) => m.subject === 'Feedback from Tribes').length <= before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const mail = t.mail.messages.filter((m) => m.subject === 'Feedback from Tribes').at(-1);
    expect(mail?.to).toBe(OPERATORS);
    expect(mail?.text).toContain('Rating: 4/5');
    expect(mail?.text).toContain('Lovely in Arabic too.');
  });

  it('accepts a message alone and links a signed-in user', async () => {
    const user = await signUp(t);
    const res = await post(t, '/api/v1/feedback', { message: 'Works.' }, bearer(user.token));
    expect(res.status).toBe(201);
    const [row] = await rows('feedback_entries', res.body.data.id);
    expect(row).toMatchObject({ rating: null, user_id: user.user.id });
  });

  it.each([
    ['a rating above 5', { rating: 6 }, 'rating', 'Must be at most 5.'],
    ['a rating below 1', { rating: 0 }, 'rating', 'Must be at least 1.'],
    ['a fractional rating', { rating: 2.5 }, 'rating', 'Must be a whole number.'],
    ['an empty message', { message: '' }, 'message', 'This field is required.'],
    ['a bad email', { email: 'x@' }, 'email', 'Enter a valid email address.'],
  ])('answers 400 with a field error for %s', async (_label, overrides, field, message) => {
    const res = await post(t, '/api/v1/feedback', { message: 'ok', ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('rejects unknown fields', async () => {
    const res = await post(t, '/api/v1/feedback', { message: 'ok', user_id: 'someone' });
    expect(res.status).toBe(400);
    expect(res.body.errors.user_id).toEqual(['This field is not allowed.']);
  });
});
