// @module-tag slow
/**
 * The lessons on a phone (390 × 844, Norwegian), through the pages only as in lessons.e2e.ts: every
 * lesson to its end, the step panel never over a lit target in sight, and no serious or critical
 * axe-core finding on each lesson's page.
 */
import { describe, expect, it } from 'vitest';
import { useWebRig } from './helpers';
import { LESSONS, lessonPages, PHONE, seriousViolations } from './lesson-pages';

describe('lessons on a phone', () => {
  const rig = useWebRig({ AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0', BOT_MOVE_DELAY_MS: '0', BOT_NEXT_MOVE_DELAY_MS: '0' });
  const { playThrough } = lessonPages(rig);

  for (const lesson of LESSONS)
    it(`plays ${lesson.id} to its end on a phone, in Norwegian`, async () => {
      const page = await playThrough(lesson, PHONE, 'phone', 'no');
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
});
