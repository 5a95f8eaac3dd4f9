/**
 * Deres uenighet's lessons replayed against the real rules (docs/lessons.md); a rule changed in a
 * test copy (no starting supplies) makes the replay fail, naming the lesson and the step.
 */
import { describe, expect, it } from 'vitest';
import { replayLesson } from '@kon/platform/lesson-replay';
import { deresModule } from '../src/platform-module.js';
import { DERES_LESSONS } from '../src/lessons/index.js';
import { START } from '../src/data/nations.js';

describe('Deres uenighet lessons', () => {
  for (const lesson of DERES_LESSONS)
    it(`${lesson.id} replays against the rules`, () => {
      const report = replayLesson(deresModule, lesson);
      expect(report.steps).toBe(lesson.steps.length);
      expect(report.gameover).toBeUndefined();
    });

  it('fails naming the lesson and step when a rule changes', () => {
    // The altered rule, a constant changed for this test only: a nation starts with no supplies, so
    // the learner's first regiment cannot be bought.
    const start = START as { supplies: number };
    const real = start.supplies;
    start.supplies = 0;
    try {
      expect(() => replayLesson(deresModule, DERES_LESSONS[0]!)).toThrow(
        /^lesson deres-first-round, step 21 \(buy\): submitOrders is refused: not-enough-supplies/,
      );
    } finally {
      start.supplies = real;
    }
    expect(() => replayLesson(deresModule, DERES_LESSONS[0]!)).not.toThrow();
  });
});

describe('the konGame entry', () => {
  it('offers the lessons beside the module, each of this game', async () => {
    const entry = await import('../src/platform-module.js');
    expect(entry.lessons).toBe(DERES_LESSONS);
    for (const l of DERES_LESSONS) expect(l.game).toBe(deresModule.id);
  });
});
