import { localeDir, translate, type Locale, type MessageKey, type OtpPurpose } from '@tribes/shared';
import { escapeHtml } from '../html.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The purposes of a code mail: the sign-in codes, and confirming an account's new address. */
export type CodeMailPurpose = OtpPurpose | 'email-change' | 'reauth';

/** A mail carrying a one-time code, in the reader's language, with text and HTML parts. */
export function codeMail(locale: Locale, name: string, code: string, purpose: CodeMailPurpose): RenderedMail {
  const prefix = {
    'email-verification': 'mail.verify',
    'forgot-password': 'mail.reset',
    login: 'mail.login',
    'email-change': 'mail.email_change',
    reauth: 'mail.reauth',
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

/** A security notice to an account's owner: greeting, what happened, what to do, signature. */
function securityNotice(locale: Locale, name: string, subject: string, body: string, advice: string): RenderedMail {
  const greeting = translate(locale, 'mail.greeting', { name });
  const signature = translate(locale, 'mail.signature');
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

/**
 * Tells an account's former address that its email changed (to a masked address, so the mail does
 * not hand the new one to whoever reads the old mailbox), in the reader's language.
 */
export function emailChangedMail(locale: Locale, name: string, maskedEmail: string): RenderedMail {
  const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  // The address reads left to right inside a right-to-left sentence (U+2066…U+2069).
  const body = tr('mail.email_changed.body', { email: `\u2066${maskedEmail}\u2069` });
  return securityNotice(locale, name, tr('mail.email_changed.subject'), body, tr('mail.email_changed.advice'));
}

/** Tells the owner that wrong second-factor codes reached the account's cap (DESIGN 11.7), in their language. */
export function twoFactorLockedMail(locale: Locale, name: string, minutes: number): RenderedMail {
  const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const body = tr('mail.two_factor_locked.body', { minutes: String(minutes) });
  return securityNotice(locale, name, tr('mail.two_factor_locked.subject'), body, tr('mail.two_factor_locked.advice'));
}

/**
 * Tells a member their data export is ready (DESIGN 11.2): the signed link that answers the ZIP, and
 * until when, in their language. The link is a key to their data: the mail says not to share it.
 */
export function dataExportMail(locale: Locale, name: string, url: string, expiresAt: Date): RenderedMail {
  const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const subject = tr('mail.export_ready.subject');
  const greeting = tr('mail.greeting', { name });
  const body = tr('mail.export_ready.body');
  const button = tr('mail.export_ready.button');
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(expiresAt);
  const expiry = tr('mail.export_ready.expiry', { date: `${date} UTC` });
  const signature = tr('mail.signature');
  const text = `${greeting}\n\n${body}\n\n${button}: ${url}\n\n${expiry}\n\n${signature}\n`;
  const html = page(
    locale,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1565c0;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>
<p style="color:#6b7280;font-size:14px">${escapeHtml(expiry)}</p>
<p>${escapeHtml(signature)}</p>`,
  );
  return { subject, text, html };
}

/** What a notification mail needs: its sentence, the page it leads to, and the links of its footer. */
export interface NotificationMailInput {
  name: string;
  /** The sentence of the notification, e.g. "Noor commented on your post “…”" (already translated). */
  sentence: string;
  /** Absolute URL of the page the notification leads to. */
  url: string;
  /** Absolute URL of the notification settings. */
  settingsUrl: string;
  /** Absolute URL of the one-click unsubscribe page for this type. */
  unsubscribeUrl: string;
  /** The type's name as the footer says it ("comment", "التعليقات"). */
  typeName: string;
}

/** A notification by email, in the reader's language and direction, with text and HTML parts. */
export function notificationMail(locale: Locale, input: NotificationMailInput): RenderedMail {
  const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const subject = input.sentence;
  const greeting = tr('mail.greeting', { name: input.name });
  const open = tr('notify.open');
  const why = tr('notify.why', { type: input.typeName });
  const stop = tr('notify.stop', { type: input.typeName });
  const settings = tr('notify.settings');
  const signature = tr('mail.signature');
  const text = `${greeting}\n\n${input.sentence}\n\n${open}: ${input.url}\n\n${signature}\n\n--\n${why}\n${stop}: ${input.unsubscribeUrl}\n${settings}: ${input.settingsUrl}\n`;
  const link = (href: string, label: string, style = 'color:#4b5563') =>
    `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`;
  const html = page(
    locale,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p style="font-size:18px">${escapeHtml(input.sentence)}</p>
<p style="margin:24px 0">${link(input.url, open, 'display:inline-block;background:#1565c0;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600')}</p>
<p>${escapeHtml(signature)}</p>
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="color:#6b7280;font-size:13px">${escapeHtml(why)}<br>${link(input.unsubscribeUrl, stop)} · ${link(input.settingsUrl, settings)}</p>`,
  );
  return { subject, text, html };
}

/** The HTML frame every mail shares (the digest too): language, direction, a card `width` px wide at most. */
export function page(locale: Locale, subject: string, body: string, width = 480): string {
  return `<!doctype html>
<html lang="${locale}" dir="${localeDir(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans Hebrew',sans-serif;color:#1f2937;background:#f5f5f7;padding:24px">
<div style="max-width:${width}px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${body}
</div></body></html>`;
}
