/** The lesson schema's own rules: what a learner's move must match, and the data it refuses. */
import { describe, expect, it } from 'vitest';
import { inScript, matchesStep, parseLesson, scriptedMove, stepAt, valueAt, type LessonStep } from '../src/lessons';

const step: LessonStep = {
  id: 'pick',
  seat: '0',
  move: 'choose',
  args: { cards: ['a', 'b'], zone: 'I', count: 2 },
  match: ['cards', 'zone'],
};
const text = { no: 'Tekst.', en: 'Text.' };
const lesson = (steps: unknown[]) => ({
  id: 'x',
  game: 'g',
  title: text,
  summary: text,
  plan: 'two',
  learner: 'a',
  setupData: {},
  seed: 's',
  intro: text,
  finish: text,
  steps,
});

describe('lessons', () => {
  it('matches the keys a step names, a list of picks in any order, and nothing else', () => {
    expect(matchesStep(step, 'choose', [{ cards: ['b', 'a'], zone: 'I', count: 5 }])).toBe(true);
    expect(matchesStep(step, 'choose', [{ cards: ['a'], zone: 'I', count: 2 }])).toBe(false);
    expect(matchesStep(step, 'choose', [{ cards: ['a', 'b'], zone: 'II', count: 2 }])).toBe(false);
    expect(matchesStep(step, 'other', [{ cards: ['a', 'b'], zone: 'I' }])).toBe(false);
    expect(matchesStep(step, 'choose', [null])).toBe(false);
  });

  it('refuses a learner step without its wrong-action text, twice-used ids and match keys it lacks', () => {
    expect(() => parseLesson(lesson([{ id: 'a', seat: '0', move: 'm', args: {}, say: text }]))).toThrow(/lesson x refused — steps.0.wrong/);
    const twice = { id: 'a', seat: '1', move: 'm', args: {} };
    expect(() => parseLesson(lesson([twice, twice]))).toThrow(/step id a used twice/);
    expect(() => parseLesson(lesson([{ ...twice, match: ['k'] }]))).toThrow(/match names a key/);
    expect(parseLesson(lesson([twice])).steps).toHaveLength(1);
  });

  it('reads a state by dotted path and places a learner by moves made', () => {
    expect(valueAt({ a: [{ b: 3 }] }, 'a.0.b')).toBe(3);
    expect(valueAt({ a: 1 }, 'a.b')).toBeUndefined();
    const l = parseLesson(lesson([{ id: 'a', seat: '1', move: 'm', args: {} }]));
    expect([stepAt(l, 0), stepAt(l, 1), stepAt(l, 9)]).toEqual([0, 1, 1]);
  });

  it('gives a computer seat its scripted move while the script lasts, never the learner', () => {
    const l = parseLesson(
      lesson([
        { id: 'a', seat: '1', move: 'm', args: { k: 1 } },
        { id: 'b', seat: '0', move: 'n', args: {}, say: text, wrong: text },
      ]),
    );
    expect(scriptedMove(l, ['0'], 0, '1')).toEqual({ move: 'm', args: [{ k: 1 }] });
    expect(scriptedMove(l, ['0'], 0, '0')).toBeNull();
    expect(scriptedMove(l, ['0'], 1, '0')).toBeNull();
    expect(scriptedMove(l, ['0'], 2, '1')).toBeNull();
    expect([inScript(l, 1), inScript(l, 2)]).toEqual([true, false]);
  });
});
