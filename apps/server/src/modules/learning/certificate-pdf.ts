import { translate, type Locale } from '@tribes/shared';
import { createPdf, isolate } from '#src/core/pdf.js';

export interface CertificateContent {
  id: string;
  learnerName: string;
  courseTitle: string;
  tribeName: string;
  issuedAt: Date;
  verifyUrl: string;
  locale: Locale;
}

/** Renders a one-page A4 landscape certificate and answers the PDF bytes. */
export async function renderCertificatePdf(c: CertificateContent): Promise<Buffer> {
  const pdf = await createPdf({
    layout: 'landscape',
    title: `${translate(c.locale, 'learning.certificate_title')}: ${c.courseTitle}`,
    author: c.tribeName,
  });
  const { doc, width, height } = pdf;
  const line = (text: string, y: number, size: number, font: 'regular' | 'bold', color = '#222222') =>
    pdf.line(text, y, { size, font, color });

  doc
    .lineWidth(3)
    .strokeColor('#8a5a00')
    .rect(20, 20, width - 40, height - 40)
    .stroke();
  doc
    .lineWidth(1)
    .rect(30, 30, width - 60, height - 60)
    .stroke();
  line(translate(c.locale, 'learning.certificate_title'), 90, 34, 'bold', '#8a5a00');
  line(c.learnerName, 190, 40, 'bold');
  line(translate(c.locale, 'learning.certificate_body'), 260, 18, 'regular', '#555555');
  line(c.courseTitle, 300, 28, 'bold');
  line(translate(c.locale, 'learning.certificate_tribe', { tribe: isolate(c.tribeName) }), 360, 18, 'regular', '#555555');
  const date = new Intl.DateTimeFormat(c.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(c.issuedAt);
  line(date, 420, 16, 'regular');
  const verify = line(
    translate(c.locale, 'learning.certificate_verify', { url: isolate(c.verifyUrl) }),
    height - 80,
    10,
    'regular',
    '#777777',
  );
  // The whole line is a link to the public verification page.
  doc.link(verify.x, height - 80, verify.width, verify.height, c.verifyUrl);
  return pdf.finish();
}
