import { DEFAULT_LOCALE, isLocale, readNotificationSettings, translate, type Locale, type MessageKey } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { escapeHtml } from '#src/core/html.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import { page } from '#src/core/mail/templates.js';
import { appUrl, unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from '../notifications/index.js';
import type { UserRow } from '../users/index.js';
import type { DigestRepo } from './digest.repo.js';

export const DIGEST_QUEUE = 'digest-weekly';
const WEEK_MS = 7 * 24 * 3600 * 1000;
/** The local hour on Monday from which a member's digest goes out. */
const SEND_HOUR = 8;

export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
  /** Nothing happened in the member's tribes this week (no mail is sent then). */
  empty: boolean;
}

/**
 * The week's event dates of a tribe (the events module's answer, bound by the composition): the digest
 * lists them without knowing the events module.
 */
export interface DigestEvents {
  datesOf(tribeId: string, from: Date, to: Date): Promise<{ id: string; title: string; startsAt: Date; timeZone: string }[]>;
}

interface Deps {
  repo: DigestRepo;
  /** The coming week's events of each tribe (DESIGN 11.3), when the events module is wired. */
  events?: DigestEvents;
  mailer: Pick<Mailer, 'enqueue'>;
  clock: Clock;
  publicUrl: URL | string;
  appSecret: string;
  /** Everyone on either side of a block with the reader (the people module). */
  blocks: BlockSource;
}

/** The local weekday (1 = Monday), hour and ISO week (`2026-W48`) of `at` in `tz`. */
export function localWeek(at: Date, tz: string): { weekday: number; hour: number; isoWeek: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  // ISO week of the local calendar date: the week's Thursday decides its year.
  const date = new Date(Date.UTC(Number(get('year')), Number(get('month')) - 1, Number(get('day'))));
  const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return { weekday, hour: Number(get('hour')), isoWeek: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}` };
}

/**
 * The weekly digest (DESIGN 10.3): for each of a member's tribes, the week's top posts, open campaigns'
 * progress, new lessons and new members, in the member's language and direction; sent on the member's
 * local Monday morning (quiet hours' time zone, else UTC) once per ISO week across nodes (once_marks).
 * No line names or quotes a person on either side of a block with the reader (DESIGN 11.7): their
 * posts and their joining are left out; campaign and lesson lines name nobody and stay.
 */
export function createDigestService({ repo, events, mailer, clock, publicUrl, appSecret, blocks }: Deps) {
  async function render(user: UserRow, now: Date): Promise<RenderedDigest> {
    const locale: Locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    const tr = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
    const num = new Intl.NumberFormat(locale);
    const since = new Date(now.getTime() - WEEK_MS);
    const link = (path: string) => appUrl(publicUrl, locale, path);
    const sections: { title: string; lines: { text: string; url?: string }[] }[] = [];
    const blocked = await blocks.blockPartners(user.id);
    for (const tribe of await repo.tribesOf(user.id)) {
      const lines: { text: string; url?: string }[] = [];
      for (const p of await repo.topPosts(tribe.id, since, blocked)) {
        const excerpt = p.body.replace(/\s+/g, ' ').trim();
        lines.push({
          text: tr('digest.post', {
            author: p.author ?? tr('notify.someone'),
            excerpt: excerpt.length > 90 ? `${excerpt.slice(0, 89)}…` : excerpt,
            likes: num.format(p.likes),
            comments: num.format(p.comments),
          }),
          url: link(`/tribes/${tribe.id}`),
        });
      }
      for (const c of await repo.openCampaigns(tribe.id)) {
        const days = Math.max(0, Math.ceil((c.endsAt.getTime() - now.getTime()) / 86_400_000));
        lines.push({
          text: tr('digest.campaign', {
            title: c.title,
            raised: num.format(c.raised),
            goal: num.format(c.goal),
            days: num.format(days),
          }),
          url: link(`/tribes/campaign/detail/${c.id}`),
        });
      }
      for (const l of await repo.newLessons(tribe.id, since)) {
        lines.push({
          text: tr('digest.lesson', { title: l.title, course: l.course }),
          url: link(`/tribe/learning-center/lesson/${l.id}`),
        });
      }
      // The coming week's gatherings, at their time in the reader's zone (quiet hours' zone, else the event's).
      const zone = readNotificationSettings(user.notificationSettings).quiet_hours?.tz;
      for (const e of (await events?.datesOf(tribe.id, now, new Date(now.getTime() + WEEK_MS))) ?? []) {
        const when = new Intl.DateTimeFormat(locale, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: zone ?? e.timeZone,
        }).format(e.startsAt);
        lines.push({ text: tr('digest.event', { title: e.title, when }), url: link(`/events/${e.id}`) });
      }
      const members = await repo.newMembers(tribe.id, since, user.id, blocked);
      if (members.length > 0) {
        lines.push({
          text: tr('digest.members', {
            count: num.format(members.length),
            names: members
              .slice(0, 3)
              .map((m) => m.name)
              .join(', '),
          }),
        });
      }
      if (lines.length > 0) sections.push({ title: tribe.name, lines });
    }

    const subject = tr('digest.subject');
    const greeting = tr('mail.greeting', { name: user.name });
    const intro = tr(sections.length > 0 ? 'digest.intro' : 'digest.empty');
    const token = unsubscribeToken(appSecret, user.id, 'digest');
    const stop = unsubscribeUrl(String(publicUrl), token);
    const settings = link('/setting/personal-setting');
    const why = tr('notify.why', { type: tr('notify.type.digest') });
    const stopLabel = tr('notify.stop', { type: tr('notify.type.digest') });
    const text = [
      greeting,
      '',
      intro,
      ...sections.flatMap((s) => ['', s.title, ...s.lines.map((l) => `- ${l.text}${l.url ? ` ${l.url}` : ''}`)]),
      '',
      tr('mail.signature'),
      '',
      '--',
      why,
      `${stopLabel}: ${stop}`,
      `${tr('notify.settings')}: ${settings}`,
      '',
    ].join('\n');
    const a = (href: string, label: string) => `<a href="${escapeHtml(href)}" style="color:#1565c0">${escapeHtml(label)}</a>`;
    const body = sections
      .map(
        (s) =>
          `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(s.title)}</h2><ul style="padding-inline-start:20px;margin:0">${s.lines
            .map((l) => `<li style="margin:6px 0">${l.url ? a(l.url, l.text) : escapeHtml(l.text)}</li>`)
            .join('')}</ul>`,
      )
      .join('\n');
    const html = page(
      locale,
      subject,
      `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${body}
<p style="margin-top:24px">${escapeHtml(tr('mail.signature'))}</p>
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="color:#6b7280;font-size:13px">${escapeHtml(why)}<br>${a(stop, stopLabel)} · ${a(settings, tr('notify.settings'))}</p>`,
      560,
    );
    return { subject, html, text, empty: sections.length === 0 };
  }

  return {
    /** GET /v1/me/digest/preview: this week's digest as it would be mailed now (whether or not it is on). */
    async preview(user: UserRow): Promise<RenderedDigest> {
      return render(user, clock.now());
    },

    /**
     * The scheduled run: mails each weekly reader whose local Monday 08:00 has come, once per ISO week
     * (the mark is taken before the mail is queued, so two nodes or a retry never send it twice).
     * Answers how many were mailed.
     */
    async sendDue(now = clock.now()): Promise<number> {
      let sent = 0;
      for (const user of await repo.weeklyReaders()) {
        if (!user.email) continue;
        const tz = readNotificationSettings(user.notificationSettings).quiet_hours?.tz ?? 'UTC';
        const local = localWeek(now, tz);
        if (local.weekday !== 1 || local.hour < SEND_HOUR) continue;
        if (!(await repo.markOnce(`digest:${user.id}:${local.isoWeek}`, now))) continue;
        const digest = await render(user, now);
        if (digest.empty) continue;
        mailer.enqueue({
          to: user.email,
          subject: digest.subject,
          html: digest.html,
          text: digest.text,
          headers: unsubscribeHeaders(String(publicUrl), unsubscribeToken(appSecret, user.id, 'digest')),
        });
        sent += 1;
      }
      return sent;
    },
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
