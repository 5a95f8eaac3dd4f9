// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createInitialState, legalMoves, viewFor } from '@kon/game';
import {
  destinations,
  nextParam,
  normalizeSplit,
  placements,
  splitGroups,
  splitIsLegal,
  splitTotal,
  toChoices,
  type CardArgs,
  type Split,
} from '../src/games/kon/game/choices';
import { seededRng } from './engine';

describe('toChoices', () => {
  const G = createInitialState({ ruleset: 'basic' }, seededRng(3));
  const legal = legalMoves(viewFor(G, 'germany') as never, undefined, '0');
  const c = toChoices(legal);

  it('offers exactly the legal moves of a stack, as destinations with a maximum count', () => {
    const moves = legal.filter((m) => m.move === 'move').map((m) => m.args[0] as { from: string; to: string; count: number });
    const rebuilt = [...c.moves].flatMap(([from, tos]) =>
      [...tos].flatMap(([to, max]) => Array.from({ length: max }, (_, i) => ({ from, to, count: i + 1 }))),
    );
    const key = (m: { from: string; to: string; count: number }) => `${m.from}>${m.to}x${m.count}`;
    expect(rebuilt.map(key).sort()).toEqual(moves.map(key).sort());
    expect(destinations(c, 'oslo').map((d) => d.to)).toContain('honefoss');
    expect(c.moves.has('gjovik')).toBe(false); // a Norwegian stack is not Germany's to move
  });
  it('has an explicit end of the phase and no pass in the movement phase', () => {
    expect(c.endPhase).toBe(true);
    expect(c.pass).toBe(false);
  });
  it('marks cards playable only when some playCard with them is legal', () => {
    const playable = new Set(legal.filter((m) => m.move === 'playCard').map((m) => (m.args[0] as CardArgs).card));
    expect(new Set(c.cards.keys())).toEqual(playable);
  });
  it('offers nothing to a faction that is not acting', () => {
    const n = toChoices(legalMoves(viewFor(G, 'norway') as never, undefined, '1'));
    expect(n.any).toBe(false);
    expect(n.moves.size).toBe(0);
  });
});

describe('card parameters, one at a time', () => {
  const rapid: CardArgs[] = [
    { card: 'x#1', effect: 0, from: 'a', via: 'b', to: 'c', count: 1 },
    { card: 'x#1', effect: 0, from: 'a', via: 'b', to: 'c', count: 2 },
    { card: 'x#1', effect: 0, from: 'a', via: 'b', to: 'd', count: 1 },
    { card: 'x#1', effect: 0, from: 'e', via: 'b', to: 'c', count: 1 },
  ];
  it('asks the first parameter whose values differ, and fills in the rest', () => {
    expect(nextParam(rapid, {})).toEqual({ kind: 'choose', key: 'from', values: ['a', 'e'] });
    // From e there is only one way: ready at once.
    expect(nextParam(rapid, { from: 'e' })).toEqual({ kind: 'ready', args: rapid[3] });
    // via is the same for all options from a: skipped.
    expect(nextParam(rapid, { from: 'a' })).toEqual({ kind: 'choose', key: 'to', values: ['c', 'd'] });
    expect(nextParam(rapid, { from: 'a', to: 'c' })).toEqual({ kind: 'choose', key: 'count', values: [1, 2] });
    expect(nextParam(rapid, { from: 'a', to: 'c', count: 2 })).toEqual({ kind: 'ready', args: rapid[1] });
  });
  it('chooses between effects first, even when one has no further parameter', () => {
    const opts: CardArgs[] = [
      { card: 'r#1', effect: 0, from: 'a', via: 'b', to: 'c', count: 1 },
      { card: 'r#1', effect: 1, from: 'a', to: 'z', count: 1 },
    ];
    expect(nextParam(opts, {})).toMatchObject({ kind: 'choose', key: 'effect', values: [0, 1] });
  });
  it('a single legal play is ready without questions', () => {
    expect(nextParam([{ card: 'p#1', effect: 0 }], {})).toEqual({ kind: 'ready', args: { card: 'p#1', effect: 0 } });
    expect(nextParam([], {})).toEqual({ kind: 'none' });
  });
});

describe('loss splits and placements', () => {
  const options: Split[] = [{ norway: 2 }, { norway: 1, allies: 1 }, { allies: 2 }];
  it('finds the groups, their maxima and the total', () => {
    expect(splitGroups(options)).toEqual([
      { key: 'norway', max: 2 },
      { key: 'allies', max: 2 },
    ]);
    expect(splitTotal(options)).toBe(2);
  });
  it('accepts a split only when it is one of the legal ones (zeros ignored)', () => {
    expect(splitIsLegal(options, { norway: 2, allies: 0 })).toBe(true);
    expect(splitIsLegal(options, { norway: 1, allies: 0 })).toBe(false);
    expect(normalizeSplit({ b: 1, a: 0, c: 2 })).toEqual({ b: 1, c: 2 });
  });
  it('groups placements by area, by sea and by air', () => {
    const c = toChoices([
      { move: 'place', args: [{ area: 'oslo', count: 1 }] },
      { move: 'place', args: [{ area: 'oslo', count: 2 }] },
      { move: 'place', args: [{ area: 'oslo', count: 1, byAir: true }] },
      { move: 'place', args: [{ area: 'horten', count: 1 }] },
    ]);
    expect(placements(c).get('oslo')).toEqual({ max: 2, maxByAir: 1 });
    expect(placements(c).get('horten')).toEqual({ max: 1, maxByAir: 0 });
  });
});
