import { localeDir, translate, type Locale, type MessageKey, type OtpPurpose } from '@tribes/shared';
import { escapeHtml } from '../html.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The purposes of a code mail: the sign-in codes, and confirming an account's new address. */
export type CodeMailPurpose = OtpPurpose | 'email-change';

/** A mail carrying a one-time code, in the reader's language, with text and HTML parts. */
export function codeMail(locale: Locale, name: string, code: string, purpose: CodeMailPurpose): RenderedMail {
  const prefix = {
    'email-verification': 'mail.verify',
    'forgot-password': 'mail.reset',
    login: 'mail.login',
    'email-change': 'mail.email_change',
  }[purpose];
  const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const subject = tr(`${prefix}.subject` as MessageKey, { code });
  const greeting = tr('mail.greeting', { name });
  const intro = tr(`${prefix}.intro` as MessageKey);
  const expiry = tr('mail.code_expiry');
  const signature = tr('mail.signature');
  const text = `${greeting}\n\n${intro}\n\n    ${code}\n\n${expiry}\n\n${signature}\n`;
  const html = page(
    locale,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p dir="ltr" style="font-size:32px;letter-spacing:8px;font-weight:700;text-align:center;margin:24px 0">${escapeHtml(code)}</p>
<p style="color:#6b7280;font-size:14px">${escapeHtml(expiry)}</p>
<p>${escapeHtml(signature)}</p>`,
  );
  return { subject, text, html };
}

/**
 * Tells an account's former address that its email changed (to a masked address, so the mail does
 * not hand the new one to whoever reads the old mailbox), in the reader's language.
 */
export function emailChangedMail(locale: Locale, name: string, maskedEmail: string): RenderedMail {
  const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const subject = tr('mail.email_changed.subject');
  const greeting = tr('mail.greeting', { name });
  // The address reads left to right inside a right-to-left sentence (U+2066…U+2069).
  const body = tr('mail.email_changed.body', { email: `\u2066${maskedEmail}\u2069` });
  const advice = tr('mail.email_changed.advice');
  const signature = tr('mail.signature');
  const text = `${greeting}\n\n${body}\n\n${advice}\n\n${signature}\n`;
  const html = page(
    locale,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(advice)}</p>
<p>${escapeHtml(signature)}</p>`,
  );
  return { subject, text, html };
}

/** The HTML frame every mail shares: language, direction, a card. */
function page(locale: Locale, subject: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}" dir="${localeDir(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans Hebrew',sans-serif;color:#1f2937;background:#f5f5f7;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${body}
</div></body></html>`;
}
