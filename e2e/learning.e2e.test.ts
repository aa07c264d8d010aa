import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  useBrowser,
  expectAccessible,
  newContext,
  signInContext,
  signUpViaApi,
  type ApiUser,
  call,
  suffix,
  settled,
  createTribeViaApi,
} from './support/helpers';

const browser = await useBrowser();

/** A leader with an open tribe, and a member of it, through the API. */
async function people(tag: string) {
  const [leader, member] = await Promise.all([
    signUpViaApi({ role: 'leader', name: `Tiziri ${tag}` }),
    signUpViaApi({ role: 'member', name: `Yuba ${tag}` }),
  ]);
  const tribe = await createTribeViaApi(leader, {
    name: `Weavers ${tag}`,
    // Far from every other e2e tribe: the tribes journey looks for its own marker on the clustered map.
    region: 'Highlands',
    lat: 64.15,
    lng: -21.94,
    visibility: 'open',
  });
  await call('POST', `/v1/tribes/${tribe.id}/join`, member.token, {});
  return { leader, member, tribe };
}

async function signedIn(u: ApiUser, locale: string, width?: number): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, { locale, width, height: width ? 740 : undefined });
  await signInContext(ctx, u);
  ctx.setDefaultTimeout(20_000);
  return { ctx, page: await ctx.newPage() };
}

/** Waits for a dialog to be gone (MUI keeps it while it fades). */
const dialogGone = (page: Page) => page.waitForFunction(() => !document.querySelector('[role="dialog"]'));

interface Journey {
  prefix: string;
  locale: string;
  dir: 'ltr' | 'rtl';
  course: string;
  lessons: [string, string];
  /** The lesson's Markdown; the page must show it as HTML, bold word and all. */
  bold: string;
  quiz: string;
  /** Run axe on each page on the way. */
  axe: boolean;
}

/**
 * The whole life of a course in one language: a leader writes it in the browser (two lessons, a
 * quiz with a single-choice and a short-answer question, pass mark 100 %), a member enrols, completes
 * the lessons, fails the quiz once, passes it, downloads the certificate and opens its public page.
 */
async function journey(j: Journey) {
  const tag = suffix();
  const p = await people(tag);
  const l = await signedIn(p.leader, j.locale);
  const m = await signedIn(p.member, j.locale);
  const check = async (page: Page, label: string) => {
    await settled(page);
    expect(await page.getAttribute('html', 'dir')).toBe(j.dir);
    if (j.axe) await expectAccessible(page, `${j.prefix || 'en'} ${label}`);
  };
  const title = `${j.course} ${tag}`;
  try {
    // 1. The leader creates a published, sequential course from the tribe's courses tab.
    const lp = l.page;
    await lp.goto(`${j.prefix}/tribes/${p.tribe.slug}?tab=courses`);
    await lp.getByTestId('empty-state').waitFor();
    await check(lp, 'courses tab (empty)');
    await lp.getByTestId('new-course').click();
    await lp.getByRole('dialog').waitFor();
    await lp.locator('#field-title').fill(title);
    await lp.locator('#field-description').fill(`${j.course}: ${j.lessons.join(', ')}`);
    await lp.locator('#field-language').selectOption(j.locale.slice(0, 2));
    await lp.locator('input[name="status"][value="published"]').check();
    await lp.locator('input[name="unlock"][value="sequential"]').check();
    if (j.axe) await expectAccessible(lp, `${j.prefix || 'en'} new course dialog`);
    await lp.getByTestId('course-save').click();
    await lp.waitForURL(/\/tribe\/learning-center\/course\//);
    await lp.getByRole('heading', { level: 1, name: title }).waitFor();
    const courseUrl = new URL(lp.url()).pathname;

    // 2. Two lessons, in Markdown; the second moves up and back down with the keyboard.
    for (const [i, name] of j.lessons.entries()) {
      await lp.getByTestId('add-lesson').click();
      await lp.getByRole('dialog').waitFor();
      await lp.locator('#field-title').fill(name);
      await lp.locator('#field-body_markdown').fill(`## ${name}\n\n**${j.bold}** ${i + 1}\n\n- one\n- two`);
      if (i === 0) {
        // The preview shows the server's rendering of the unsaved text, in the dialog itself.
        await lp.getByTestId('lesson-preview-tab').click();
        await lp.getByTestId('lesson-preview').getByTestId('lesson-body').locator('strong', { hasText: j.bold }).waitFor();
      }
      await lp.getByTestId('lesson-save').click();
      await dialogGone(lp);
      await expect.poll(() => lp.getByTestId('lesson-item').count()).toBe(i + 1);
    }
    const second = lp.getByTestId('lesson-item').nth(1).getByTestId('lesson-up');
    await second.focus();
    await lp.keyboard.press('Enter');
    await expect.poll(() => lp.getByTestId('lesson-item').first().textContent()).toContain(j.lessons[1]);
    await lp.getByTestId('lesson-item').first().getByTestId('lesson-down').click();
    await expect.poll(() => lp.getByTestId('lesson-item').first().textContent()).toContain(j.lessons[0]);

    // 3. A quiz: one answer to choose, one to write; every question must be right (pass mark 100).
    await lp.getByTestId('add-assessment').click();
    await lp.getByRole('dialog').waitFor();
    await lp.locator('#field-title').fill(j.quiz);
    await lp.locator('#field-pass_score').fill('100');
    await lp.locator('#field-attempt_limit').fill('3');
    await lp.locator('#field-questions-0-prompt').fill('Azul?');
    await lp.locator('#field-questions-0-options-0-text').fill('Hello');
    await lp.locator('#field-questions-0-options-1-text').fill('Water');
    // Submitting with no correct option marked is refused on the form itself.
    await lp.getByTestId('assessment-save').click();
    await lp.locator('#field-questions-0-key-helper-text').waitFor();
    await lp.getByTestId('question-editor-0').locator('input[type="radio"]').first().check();
    await lp.getByTestId('add-question').click();
    await lp.locator('#field-questions-1-kind').selectOption('short');
    await lp.locator('#field-questions-1-prompt').fill('Water?');
    await lp.locator('#field-questions-1-accepted').fill('aman\namane');
    if (j.axe) await expectAccessible(lp, `${j.prefix || 'en'} assessment authoring dialog`);
    await lp.getByTestId('assessment-save').click();
    await dialogGone(lp);
    await lp.getByTestId('assessment-item').waitFor();
    await check(lp, 'course (author)');

    // 4. The author opens the first lesson: the server's HTML, and the preview of an edit.
    await lp.getByTestId('lesson-item').first().getByRole('link').click();
    await lp.getByTestId('lesson-body').locator('strong', { hasText: j.bold }).waitFor();
    await check(lp, 'lesson (author)');
    await lp.getByTestId('edit-lesson').click();
    await lp.locator('#field-body_markdown').fill(`## ${j.lessons[0]}\n\n**${j.bold}** 1\n\n<script>alert(1)</script>`);
    await lp.getByTestId('lesson-preview-tab').click();
    // The preview is the server's rendering of the unsaved edit: the script is text, never an element.
    await lp.getByTestId('lesson-preview').getByTestId('lesson-body').getByText('<script>alert(1)</script>').waitFor();
    expect(await lp.locator('[data-testid="lesson-body"] script').count()).toBe(0);
    if (j.axe) await expectAccessible(lp, `${j.prefix || 'en'} lesson editor preview`);

    // 5. The member finds the course in the tab with no progress yet, and enrols.
    const mp = m.page;
    await mp.goto(`${j.prefix}/tribes/${p.tribe.slug}?tab=courses`);
    await mp.getByTestId('course-card').filter({ hasText: title }).getByRole('link').click();
    await mp.getByTestId('course-enrol').click();
    await mp.getByTestId('course-progress').waitFor();
    expect(await mp.getByTestId('lesson-item').nth(1).getAttribute('data-state')).toBe('locked');
    await check(mp, 'course (learner)');

    // 6. Lessons in order: the second opens once the first is complete.
    await mp.getByTestId('course-continue').click();
    await mp.getByTestId('lesson-body').locator('strong', { hasText: j.bold }).waitFor();
    await check(mp, 'lesson (learner)');
    await mp.getByTestId('lesson-complete').click();
    await mp.getByTestId('lesson-completed').waitFor();
    await mp.getByTestId('lesson-next').click();
    await mp.getByRole('heading', { level: 1, name: j.lessons[1] }).waitFor();
    await mp.getByTestId('lesson-complete').click();
    await mp.getByTestId('lesson-completed').waitFor();
    // The last lesson leads on to the quiz (not back to the course).
    expect(await mp.getByTestId('lesson-to-course').count()).toBe(0);
    await mp.getByTestId('lesson-to-quiz').click();

    // 7. The quiz: a wrong choice fails (50 %), then a retry with the right answers passes.
    await mp.getByTestId('assessment-form').waitFor();
    await check(mp, 'assessment (learner)');
    const q = mp.getByTestId('question');
    await q.nth(0).locator('input[type="radio"]').nth(1).check();
    await q.nth(1).locator('input').fill('amane');
    await mp.getByTestId('attempt-submit').click();
    await mp.getByTestId('attempt-failed').waitFor();
    expect(await mp.getByTestId('review-item').count()).toBe(2);
    await check(mp, 'attempt result (failed)');
    await mp.getByTestId('attempt-retry').click();
    await q.nth(0).locator('input[type="radio"]').nth(0).check();
    await q.nth(1).locator('input').fill('  AMAN ');
    await mp.getByTestId('attempt-submit').click();
    await mp.getByTestId('attempt-passed').waitFor();

    // 8. The certificate: a PDF download, and its public verification page (no sign-in needed).
    await mp.getByTestId('back-to-course').click();
    await mp.getByTestId('certificate-card').waitFor();
    await expect.poll(() => mp.getByTestId('course-progress').getAttribute('data-progress')).toBe('100');
    await check(mp, 'course (completed)');
    const [download] = await Promise.all([mp.waitForEvent('download'), mp.getByTestId('certificate-download').click()]);
    const file = path.join(tmpdir(), `certificate-${tag}.pdf`);
    await download.saveAs(file);
    const pdf = await readFile(file);
    await rm(file, { force: true });
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    const verifyHref = await mp.getByTestId('certificate-verify-link').getAttribute('href');
    const anon = await newContext(browser, { locale: j.locale });
    try {
      const ap = await anon.newPage();
      await ap.goto(verifyHref!);
      await ap
        .getByTestId('certificate-learner')
        .filter({ hasText: `Yuba ${tag}` })
        .waitFor();
      await check(ap, 'certificate verification (public)');
    } finally {
      await anon.close();
    }
    return { courseUrl };
  } finally {
    await l.ctx.close();
    await m.ctx.close();
  }
}

/** Every page of the learning center in Arabic (the learner on a 360 px phone), on a course made through the API. */
async function arabicTour() {
  const tag = suffix();
  const p = await people(tag);
  const { course } = await call<{ course: { id: string } }>('POST', `/v1/tribes/${p.tribe.id}/courses`, p.leader.token, {
    title: `الحياكة ${tag}`,
    description: 'دورة قصيرة',
    language: 'ar',
    status: 'published',
    unlock: 'drip',
    drip_days: 2,
  });
  const lessons = [];
  for (const title of ['الدرس الأول', 'الدرس الثاني']) {
    const { lesson } = await call<{ lesson: { id: string } }>('POST', `/v1/courses/${course.id}/lessons`, p.leader.token, {
      title,
      body_markdown: `## ${title}\n\nنص **مهم**.`,
      video_url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
    });
    lessons.push(lesson);
  }
  const { assessment } = await call<{ assessment: { id: string } }>(
    'POST',
    `/v1/courses/${course.id}/assessments`,
    p.leader.token,
    {
      title: 'اختبار',
      pass_score: 50,
      questions: [
        { kind: 'true_false', prompt: 'صواب؟', correct: true },
        { kind: 'numeric', prompt: 'كم؟', correct: 4, tolerance: 0 },
        { kind: 'multiple', prompt: 'أيها؟', options: ['أ', 'ب', 'ج'], correct: [0, 1] },
      ],
    },
  );
  await call('POST', `/v1/courses/${course.id}/enrol`, p.member.token, {});
  const l = await signedIn(p.leader, 'ar');
  // The learner is on a 360 px phone: no page may scroll sideways.
  const m = await signedIn(p.member, 'ar', 360);
  const visit = async (page: Page, url: string, label: string, wait?: string) => {
    await page.goto(`/ar${url}`);
    if (wait) await page.getByTestId(wait).first().waitFor();
    await settled(page);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `ar ${label}: sideways scroll`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `ar ${label}`);
  };
  try {
    const mp = m.page;
    await visit(mp, `/tribes/${p.tribe.slug}?tab=courses`, 'courses tab', 'course-card');
    await visit(mp, `/tribe/learning-center/course/${course.id}`, 'course (drip, second lesson locked)', 'lesson-item');
    expect(await mp.getByTestId('lesson-item').nth(1).getAttribute('data-state')).toBe('locked');
    await visit(mp, `/tribe/learning-center/lesson/${lessons[0]!.id}`, 'lesson', 'lesson-video');
    await visit(mp, `/tribe/learning-center/lesson/${lessons[1]!.id}`, 'locked lesson', 'empty-state');
    await visit(mp, `/tribe/learning-center/assessment/${assessment.id}`, 'assessment', 'assessment-form');
    await mp.getByTestId('question').nth(0).locator('input[type="radio"]').first().check();
    await mp.getByTestId('attempt-submit').click();
    await mp.getByTestId('attempt-failed').waitFor();
    await expectAccessible(mp, 'ar attempt result');
    const lp = l.page;
    await visit(lp, `/tribe/learning-center/course/${course.id}`, 'course (author)', 'lesson-item');
    await lp.getByTestId('edit-course').click();
    await lp.getByRole('dialog').waitFor();
    await expectAccessible(lp, 'ar edit course dialog');
    await lp.keyboard.press('Escape');
    await dialogGone(lp);
    await visit(lp, `/tribe/learning-center/assessment/${assessment.id}`, 'assessment (author)', 'assessment-form');
    await lp.getByTestId('edit-assessment').click();
    await lp.getByTestId('assessment-editor').waitFor();
    await settled(lp);
    await expectAccessible(lp, 'ar assessment editor');
    await visit(lp, `/tribe/learning-center/lesson/${lessons[1]!.id}`, 'lesson (author)', 'lesson-body');
  } finally {
    await l.ctx.close();
    await m.ctx.close();
  }
}

describe('learning center', () => {
  it('a leader writes a course in the browser; a member completes it, fails the quiz once, passes and gets the certificate (English, axe on the way)', async () => {
    await journey({
      prefix: '',
      locale: 'en-US',
      dir: 'ltr',
      course: 'Tamazight greetings',
      lessons: ['Saying hello', 'Saying thank you'],
      bold: 'Azul',
      quiz: 'Greetings quiz',
      axe: true,
    });
  }, 300_000);

  it('the same journey in Hebrew (rtl), then every learning page in Arabic with axe', async () => {
    await journey({
      prefix: '/he',
      locale: 'he-IL',
      dir: 'rtl',
      course: 'ברכות בתמזיגת',
      lessons: ['איך אומרים שלום', 'איך אומרים תודה'],
      bold: 'אזול',
      quiz: 'בוחן ברכות',
      axe: false,
    });
    await arabicTour();
  }, 300_000);
});
