// @module-tag slow
/**
 * The lessons ("Learn to play") through the pages only, as a newcomer: "Learn to play" on the home
 * page starts each lesson, and the learner makes every step's move on the board the step lights,
 * while the computer plays its side of the script; nothing is injected. Here at laptop size
 * (1366 × 800, English; lessons-phone.e2e.ts plays them on a phone): every lesson to its end, the
 * step panel never over a lit target in sight, the lesson marked finished on the home page. A second
 * case makes one wrong move in each lesson and reads the step's explanation, the move kept back.
 * axe-core finds nothing serious or critical on a lesson page.
 */
import { describe, expect, it } from 'vitest';
import { shot, useWebRig } from './helpers';
import { LessonClicks, playStep } from './lesson-play';
import { LESSONS, lessonPages, PHONE, seriousViolations } from './lesson-pages';

describe('lessons through the pages', () => {
  // The learner's forced passes are the server's (automatic passing on); the computer moves at once.
  const rig = useWebRig({ AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0', BOT_MOVE_DELAY_MS: '0', BOT_NEXT_MOVE_DELAY_MS: '0' });
  const { startLesson, worded, panelAt, playThrough } = lessonPages(rig);

  for (const lesson of LESSONS)
    it(`plays ${lesson.id} to its end at laptop size`, async () => {
      const page = await playThrough(lesson, { width: 1366, height: 800 }, 'laptop');
      if (lesson.id === 'kon-basic') expect(await seriousViolations(page)).toEqual([]);
      // Finished, marked on the home page.
      await page.goto(`${rig.base}/`);
      await page.locator(`[data-testid="learn-to-play"] [data-lesson="${lesson.id}"] .lesson-finished`).waitFor();
      await page.context().close();
    });

  it('explains a wrong move in each lesson and keeps it back', async () => {
    for (const lesson of LESSONS) {
      const page = await startLesson(lesson, lesson.game === 'deres-uenighet' ? PHONE : undefined, 'no');
      const step = worded(lesson)[0]!;
      await panelAt(page, step.id);
      const clicks = new LessonClicks();
      if (lesson.game === 'deres-uenighet')
        await clicks.click(page.locator(`button[data-nation]:not([data-nation="${step.args.nation}"])`));
      else if (step.move === 'move') await clicks.click(page.locator('[data-lesson-target="button:end-phase"]'));
      else {
        // 9. April's cards: the step's five but one, and a card the step does not keep (not a copy of one).
        await page.locator('[data-keep]').first().waitFor();
        const kinds = (step.args.cards as string[]).map((c) => c.split('#')[0]);
        const other = (await page.locator('[data-keep]').evaluateAll((els) => els.map((e) => e.getAttribute('data-keep')!))).find(
          (c) => !kinds.includes(c.split('#')[0]),
        )!;
        while ((await page.locator('[data-keep]:checked').count()) > 0) await page.locator('[data-keep]:checked').first().uncheck();
        for (const c of [...(step.args.cards as string[]).slice(1), other]) await page.locator(`[data-keep="${c}"]`).check();
        await clicks.click(page.locator('[data-lesson-target="button:choose-april9"]'));
      }
      const wrong = page.locator('[data-testid="lesson-wrong"]');
      await wrong.waitFor().catch(async (e) => {
        await shot(page, `lesson-wrong-missing-${lesson.id}`);
        throw e;
      });
      expect(await wrong.textContent()).toContain(step.wrong!.no);
      console.log(`wrong move in ${lesson.id} at ${step.id}: "${(await wrong.textContent())?.trim()}"`);
      // Kept back: the panel is still at the step.
      await page.waitForTimeout(300);
      expect(await page.locator('[data-testid="lesson-panel"]').getAttribute('data-step')).toBe(step.id);
      // The right move then goes through.
      await playStep(page, clicks, lesson.game, step);
      await expect
        .poll(() => page.locator('[data-testid="lesson-panel"]').getAttribute('data-step'), { timeout: 20_000 })
        .not.toBe(step.id);
      expect(await wrong.count()).toBe(0);
      await page.context().close();
    }
  });
});
