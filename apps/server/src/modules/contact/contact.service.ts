import { translate, type ContactBody, type FeedbackBody, type Locale } from '@tribes/shared';
import { escapeHtml } from '#src/core/html.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { ContactRepo } from './contact.repo.js';

/** A plain operator mail: one "label: value" line per field, then the message; HTML-escaped in the HTML part. */
function operatorMail(to: string, subject: string, fields: [string, string][], message: string) {
  const text = `${fields.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${message}\n`;
  const rows = fields
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td dir="auto">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif"><table>${rows}</table><p dir="auto" style="white-space:pre-wrap">${escapeHtml(message)}</p></body></html>`;
  // Header injection is impossible through nodemailer, but a subject stays one short line.
  return { to, subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 200), text, html };
}

export interface Sender {
  userId: string | null;
  locale: Locale;
}

/** Contact messages and feedback: stored, then mailed to the operators in the background. */
export function createContactService(deps: { repo: ContactRepo; mailer: Mailer; operatorEmail: string }) {
  const { repo, mailer, operatorEmail } = deps;
  return {
    async sendMessage(body: ContactBody, sender: Sender) {
      const row = await repo.createMessage({ ...body, userId: sender.userId, locale: sender.locale });
      mailer.enqueue(
        operatorMail(
          operatorEmail,
          translate('en', 'mail.contact.subject', { subject: body.subject }),
          [
            ['From', `${body.name} <${body.email}>`],
            ['Account', sender.userId ?? '-'],
            ['Language', sender.locale],
            ['Reference', row.id],
          ],
          body.message,
        ),
      );
      return row;
    },
    async sendFeedback(body: FeedbackBody, sender: Sender) {
      const row = await repo.createFeedback({ ...body, userId: sender.userId, locale: sender.locale });
      mailer.enqueue(
        operatorMail(
          operatorEmail,
          translate('en', 'mail.feedback.subject'),
          [
            ['Rating', body.rating === undefined ? '-' : `${body.rating}/5`],
            ['Email', body.email ?? '-'],
            ['Page', body.page ?? '-'],
            ['Account', sender.userId ?? '-'],
            ['Language', sender.locale],
            ['Reference', row.id],
          ],
          body.message,
        ),
      );
      return row;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
