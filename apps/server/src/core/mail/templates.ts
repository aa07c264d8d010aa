import { localeDir, translate, type Locale, type MessageKey, type OtpPurpose } from '@tribes/shared';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A mail carrying a one-time code, in the reader's language, with text and HTML parts. */
export function codeMail(locale: Locale, name: string, code: string, purpose: OtpPurpose): RenderedMail {
  const prefix = { 'email-verification': 'mail.verify', 'forgot-password': 'mail.reset', login: 'mail.login' }[purpose];
  const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const subject = tr(`${prefix}.subject` as MessageKey, { code });
  const greeting = tr('mail.greeting', { name });
  const intro = tr(`${prefix}.intro` as MessageKey);
  const expiry = tr('mail.code_expiry');
  const signature = tr('mail.signature');
  const text = `${greeting}\n\n${intro}\n\n    ${code}\n\n${expiry}\n\n${signature}\n`;
  const dir = localeDir(locale);
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans Hebrew',sans-serif;color:#1f2937;background:#f5f5f7;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p dir="ltr" style="font-size:32px;letter-spacing:8px;font-weight:700;text-align:center;margin:24px 0">${escapeHtml(code)}</p>
<p style="color:#6b7280;font-size:14px">${escapeHtml(expiry)}</p>
<p>${escapeHtml(signature)}</p>
</div></body></html>`;
  return { subject, text, html };
}
