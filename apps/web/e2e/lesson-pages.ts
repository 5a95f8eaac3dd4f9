/**
 * What the lesson browser tests share (lessons.e2e.ts at laptop size, lessons-phone.e2e.ts on a phone):
 * the lessons, a newcomer's page started from "Learn to play", a lesson played through step by step,
 * and axe-core's serious findings.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Lesson } from '@kon/platform/lessons';
import { KON_LESSONS } from '@kon/game/lessons';
import { DERES_LESSONS } from '@kon/deres/lessons';
import { DOCS, newContext, shot, type Lang, type WebRig } from './helpers';
import { coveredTargets, LessonClicks, playStep } from './lesson-play';

export { seriousViolations } from './axe';

/** The short ones first: a failure in the long 9. April lesson leaves the others' results standing. */
export const LESSONS: Lesson[] = [...KON_LESSONS, ...DERES_LESSONS]
  .sort((a, b) => a.steps.length - b.steps.length)
  // LESSON_ONLY=kon-april9: one lesson alone, while writing one.
  .filter((l) => !process.env.LESSON_ONLY || l.id === process.env.LESSON_ONLY);
export const PHONE = { width: 390, height: 844 };
/** The steps photographed for docs/playing.md and docs/deres-uenighet.md. */
const KEY_STEPS = new Set([
  'kon-basic attack-hamar laptop',
  'kon-basic panzer laptop',
  'kon-april9 ships-oslo laptop',
  'kon-april9 land-oslo laptop',
  'deres-first-round buy laptop',
  'deres-first-round supply-1 phone',
  'deres-first-round shoot phone',
]);

/** The pages of one test file's rig. */
export function lessonPages(rig: WebRig) {
  /** A newcomer's page: the home page, "Learn to play", the lesson's button; its match page open. */
  async function startLesson(lesson: Lesson, size?: { width: number; height: number }, lang: Lang = 'en') {
    const ctx = await newContext(rig.browser, { lang, ...size });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log(`${lesson.id}: page error: ${e.message}`));
    await page.goto(`${rig.base}/`);
    await page.locator(`[data-testid="learn-to-play"] [data-lesson="${lesson.id}"] button`).click();
    await page.waitForURL(/\/m\/[^/]+$/, { timeout: 20_000 });
    return page;
  }
  const worded = (lesson: Lesson) => lesson.steps.filter((s) => s.say);
  const panelAt = (page: Page, id: string) => page.locator(`[data-testid="lesson-panel"][data-step="${id}"]`).waitFor({ timeout: 20_000 });

  async function playThrough(lesson: Lesson, size: { width: number; height: number }, where: string, lang: Lang = 'en') {
    const page = await startLesson(lesson, size, lang);
    const clicks = new LessonClicks();
    const steps = worded(lesson);
    const covered: string[] = [];
    for (const [k, step] of steps.entries()) {
      await panelAt(page, step.id).catch(async (e) => {
        await shot(page, `lesson-stuck-${where}-${lesson.id}-${step.id}`);
        console.log(
          `${where} ${lesson.id}: stuck before ${step.id}; panel says: ${await page.locator('[data-testid="lesson-panel"]').textContent()}`,
        );
        throw e;
      });
      // The panel is placed anew as its targets are drawn: it must come off them within a moment.
      let over = await coveredTargets(page);
      for (let tries = 0; over.length > 0 && tries < 20; tries++) {
        await page.waitForTimeout(100);
        over = await coveredTargets(page);
      }
      if (over.length) covered.push(`${step.id}: ${over.join(', ')}`);
      if (KEY_STEPS.has(`${lesson.id} ${step.id} ${where}`)) await shot(page, `lesson-${lesson.id}-${step.id}-${where}-${lang}`, DOCS);
      const before = clicks.n;
      await playStep(page, clicks, lesson.game, step).catch(async (e) => {
        await shot(page, `lesson-failed-${where}-${lesson.id}-${step.id}`);
        throw e;
      });
      console.log(
        `${where} ${lesson.id} step ${k + 1}/${steps.length} ${step.id}: ${step.move} ${JSON.stringify(step.args)} — ${clicks.n - before} clicks`,
      );
    }
    await page.locator('[data-testid="lesson-finish"]').waitFor({ timeout: 20_000 });
    console.log(`${where} ${lesson.id}: finished in ${clicks.n} clicks`);
    expect(covered, `${where} ${lesson.id}: the panel lay over a lit target`).toEqual([]);
    return page;
  }

  return { startLesson, worded, panelAt, playThrough };
}
