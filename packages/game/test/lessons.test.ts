/**
 * Every lesson of Kampen om Norge replayed against the real rules (docs/lessons.md): each step legal
 * where it stands, the state after it as its words tell. A rule changed in a test copy of the game
 * makes the replay fail, naming the lesson and the step.
 */
import { describe, expect, it } from 'vitest';
import { INVALID_MOVE } from 'boardgame.io/core';
import type { GameModule } from '@kon/platform';
import { replayLesson } from '@kon/platform/lesson-replay';
import { matchesStep } from '@kon/platform/lessons';
import { kampenOmNorgeModule } from '../src/module.js';
import { KON_LESSONS } from '../src/lessons/index.js';

describe('Kampen om Norge lessons', () => {
  for (const lesson of KON_LESSONS)
    it(`${lesson.id} replays against the rules`, () => {
      const report = replayLesson(kampenOmNorgeModule, lesson);
      expect(report.steps).toBe(lesson.steps.length);
      expect(report.gameover).toBeUndefined();
    });

  it('fails naming the lesson and step when a rule changes (a stack may move at most three)', () => {
    const moves = kampenOmNorgeModule.game.moves as Record<string, { move: (...a: any[]) => unknown }>;
    const realMove = moves.move!;
    const altered: GameModule = {
      ...kampenOmNorgeModule,
      checkMove: (G, playerID, type, args, origin) =>
        type === 'move' && ((args as [{ count: number }])[0]?.count ?? 0) > 3
          ? { code: 'too-many', message: 'at most three' }
          : kampenOmNorgeModule.checkMove!(G, playerID, type, args, origin),
      game: {
        ...kampenOmNorgeModule.game,
        moves: {
          ...moves,
          move: { ...realMove, move: (ctx: unknown, a: { count: number }) => (a.count > 3 ? INVALID_MOVE : realMove.move(ctx, a)) },
        },
      },
    };
    const basic = KON_LESSONS.find((l) => l.id === 'kon-basic')!;
    expect(() => replayLesson(altered, basic)).toThrow(/^lesson kon-basic, step 2 \(attack-hamar\): move is refused: too-many/);
  });

  it('tells a wrong move from the expected one by the keys the step matches', () => {
    const step = KON_LESSONS[0]!.steps.find((s) => s.id === 'attack-hamar')!;
    expect(matchesStep(step, 'move', [{ from: 'oslo', to: 'hamar', count: 4 }])).toBe(true);
    expect(matchesStep(step, 'move', [{ from: 'oslo', to: 'hamar', count: 3 }])).toBe(false);
    expect(matchesStep(step, 'endPhase', [{}])).toBe(false);
  });
});

describe('the konGame entry', () => {
  it('offers every lesson beside the module, each of this game', async () => {
    const entry = await import('../src/index.js');
    expect(entry.lessons).toBe(KON_LESSONS);
    expect(KON_LESSONS.map((l) => l.id)).toEqual(['kon-basic', 'kon-april9']);
    for (const l of KON_LESSONS) expect(l.game).toBe(kampenOmNorgeModule.id);
  });
});
