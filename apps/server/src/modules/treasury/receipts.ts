import { isLocale, translate, type Locale } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { notFound } from '#src/core/errors.js';
import { createPdf, isolate } from '#src/core/pdf.js';
import type { UserRow } from '../users/index.js';
import type { TreasuryRepo } from './treasury.repo.js';

/** The donor's language (their setting), else the request's. */
const languageOf = (user: UserRow, asked: Locale): Locale => (isLocale(user.locale) ? user.locale : asked);

/** A receipt's number: the donation id's first 8 hex digits, as the receipt mail says it. */
const receiptNumber = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * Donor receipts and yearly statements (DESIGN 10.4), as PDFs in the donor's language: DejaVu Sans
 * covers every script of the five languages, and right-to-left lines are laid out from the right.
 * Names, titles and reasons put into a sentence are isolated: whatever their script, they keep
 * their own order and punctuation inside it.
 */
export function createReceipts({ repo, clock }: { repo: Pick<TreasuryRepo, 'donationView' | 'donationsOfDonor'>; clock: Clock }) {
  const dateOf = (locale: Locale, d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  const tokens = (locale: Locale, n: number) => new Intl.NumberFormat(locale).format(n);

  return {
    /** One of my donations' receipt (404 for anyone else's). */
    async receipt(id: string, user: UserRow, asked: Locale): Promise<{ pdf: Buffer; filename: string }> {
      const locale = languageOf(user, asked);
      const view = await repo.donationView(id);
      if (!view || view.d.donorId !== user.id) throw notFound();
      const { d } = view;
      const tr = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
        translate(locale, key, params);
      const pdf = await createPdf({ title: tr('receipts.title'), author: view.tribeName });
      const rtl = locale === 'ar' || locale === 'he';
      const at = (text: string, y: number, size: number, font: 'regular' | 'bold' = 'regular', color?: string) =>
        pdf.line(text, y, { size, font, color, align: 'start', rtl });
      pdf.doc
        .lineWidth(2)
        .strokeColor('#1f5f8b')
        .moveTo(60, 70)
        .lineTo(pdf.width - 60, 70)
        .stroke();
      at(tr('receipts.title'), 90, 26, 'bold', '#1f5f8b');
      at(tr('receipts.number', { id: receiptNumber(d.id) }), 135, 12, 'regular', '#555555');
      at(tr('receipts.amount', { amount: tokens(locale, d.amount), count: d.amount }), 190, 30, 'bold');
      at(tr('receipts.to', { target: isolate(view.campaignTitle ?? view.tribeName) }), 245, 16);
      at(tr('receipts.donor', { name: isolate(user.name) }), 280, 14);
      at(tr('receipts.date', { date: dateOf(locale, d.createdAt) }), 310, 14);
      if (d.refundedAt)
        at(
          tr('receipts.refunded', { date: dateOf(locale, d.refundedAt), reason: isolate(d.refundReason ?? '') }),
          350,
          14,
          'bold',
          '#9b1c1c',
        );
      at(tr('receipts.footer', { tribe: isolate(view.tribeName) }), pdf.height - 90, 10, 'regular', '#777777');
      return { pdf: await pdf.finish(), filename: `receipt-${receiptNumber(d.id)}.pdf` };
    },

    /** My donations of a year, one line each, with the total (refunded gifts left out of it). */
    async statement(user: UserRow, year: number | undefined, asked: Locale): Promise<{ pdf: Buffer; filename: string }> {
      const locale = languageOf(user, asked);
      const y = year ?? clock.now().getUTCFullYear();
      const rows = await repo.donationsOfDonor(user.id, new Date(Date.UTC(y, 0, 1)), new Date(Date.UTC(y + 1, 0, 1)));
      const tr = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
        translate(locale, key, params);
      const pdf = await createPdf({ title: tr('receipts.statement_title', { year: y }), author: 'Tribes' });
      const rtl = locale === 'ar' || locale === 'he';
      const at = (text: string, top: number, size: number, font: 'regular' | 'bold' = 'regular', color?: string) =>
        pdf.line(text, top, { size, font, color, align: 'start', rtl });
      at(tr('receipts.statement_title', { year: y }), 70, 24, 'bold', '#1f5f8b');
      at(tr('receipts.donor', { name: isolate(user.name) }), 110, 13);
      let top = 150;
      for (const r of rows) {
        if (top > pdf.height - 110) {
          pdf.doc.addPage();
          top = 60;
        }
        const line = tr('receipts.statement_line', {
          date: dateOf(locale, r.d.createdAt),
          target: isolate(r.campaignTitle ?? r.tribeName),
          amount: tokens(locale, r.d.amount),
        });
        at(r.d.refundedAt ? `${line} ${tr('receipts.statement_refunded')}` : line, top, 11);
        top += 20;
      }
      if (rows.length === 0) at(tr('receipts.statement_none', { year: y }), top, 12);
      const total = rows.filter((r) => !r.d.refundedAt).reduce((sum, r) => sum + r.d.amount, 0);
      at(tr('receipts.statement_total', { amount: tokens(locale, total) }), top + 20, 14, 'bold');
      return { pdf: await pdf.finish(), filename: `donations-${y}.pdf` };
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
