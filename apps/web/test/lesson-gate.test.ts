/** A lesson's gate: a move other than the step's is kept back on the page and the overlay hears why. */
import { describe, expect, it } from 'vitest';
import { KON_LESSONS } from '@kon/game/lessons';
import { DERES_LESSONS } from '@kon/deres/lessons';
import { gateMove, judgeMove, openGate } from '../src/lessons/gate';

const basic = KON_LESSONS.find((l) => l.id === 'kon-basic')!;
const deres = DERES_LESSONS.find((l) => l.id === 'deres-first-round')!;

describe('judgeMove', () => {
  it('lets the step’s own move through, and every move once the script is done', () => {
    expect(judgeMove(basic, 0, '0', 'move', { from: 'horten', to: 'ostfold', count: 2 })).toBe('ok');
    expect(judgeMove(basic, 6, '0', 'playCard', { card: 'de.panzer#1', effect: 0 })).toBe('ok');
    expect(judgeMove(basic, basic.steps.length, '0', 'pass', {})).toBe('ok');
    // The module page sends its arguments as a list.
    expect(judgeMove(deres, 0, '0', 'chooseNation', [{ nation: 'rod' }])).toBe('ok');
  });
  it('calls another stack, area, card or button wrong', () => {
    expect(judgeMove(basic, 0, '0', 'move', { from: 'oslo', to: 'ostfold', count: 2 })).toBe('wrong');
    expect(judgeMove(basic, 0, '0', 'move', { from: 'horten', to: 'drammen', count: 2 })).toBe('wrong');
    expect(judgeMove(basic, 6, '0', 'playCard', { card: 'de.forsterkninger#1', effect: 0 })).toBe('wrong');
    expect(judgeMove(basic, 2, '0', 'pass', {})).toBe('wrong');
    expect(judgeMove(deres, 0, '0', 'chooseNation', [{ nation: 'gul' }])).toBe('wrong');
    expect(judgeMove(deres, 10, '0', 'placeSupply', [{ x: 0, y: 0 }])).toBe('wrong');
  });
  it('has the learner wait while the script is at a computer’s move', () => {
    expect(basic.steps[3]!.seat).toBe('1');
    expect(judgeMove(basic, 3, '0', 'pass', {})).toBe('wait');
  });
});

describe('gateMove', () => {
  it('sends everything where no lesson holds the gate, and tells the overlay what it kept back', () => {
    expect(gateMove('m1', '0', 'move', { from: 'oslo' })).toBe(true);
    const heard: unknown[] = [];
    const on = (e: Event) => heard.push((e as CustomEvent).detail);
    window.addEventListener('kon:lesson-refused', on);
    const close = openGate('m1', (_p, move) => (move === 'pass' ? 'ok' : 'wrong'));
    expect(gateMove('m1', '0', 'pass', {})).toBe(true);
    expect(gateMove('m1', '0', 'move', {})).toBe(false);
    expect(gateMove('m2', '0', 'move', {})).toBe(true);
    expect(gateMove('m1', null, 'move', {})).toBe(true);
    close();
    expect(gateMove('m1', '0', 'move', {})).toBe(true);
    window.removeEventListener('kon:lesson-refused', on);
    expect(heard).toEqual([{ matchID: 'm1', verdict: 'wrong' }]);
  });
});

describe('copies of a card', () => {
  it('are one card to the learner', () => {
    const trade = basic.steps.findIndex((s) => s.id === 'trade');
    expect(judgeMove(basic, trade, '0', 'trade', { cards: ['de.forsterkninger#3'] })).toBe('ok');
    expect(judgeMove(basic, trade, '0', 'trade', { cards: ['de.panzer#1'] })).toBe('wrong');
  });
});

describe('one ship placed', () => {
  it('is the group of one the 9. April lesson places', () => {
    const april9 = KON_LESSONS.find((l) => l.id === 'kon-april9')!;
    const at = april9.steps.findIndex((s) => s.id === 'ships-egersund');
    expect(judgeMove(april9, at, '0', 'placeShip', { ship: 'ship.de.minesveipere-egersund', zone: 'III' })).toBe('ok');
    expect(judgeMove(april9, at, '0', 'placeShip', { ship: 'ship.de.minesveipere-egersund', zone: 'II' })).toBe('wrong');
  });
});
