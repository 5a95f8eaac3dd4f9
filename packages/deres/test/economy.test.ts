import { describe, expect, it } from 'vitest';
import { UPGRADES } from '../src/data/upgrades.js';
import { buyCost, fortCost, regimentSquares } from '../src/engine/buy.js';
import { findShooter, hitNeeded, topPiece } from '../src/engine/combat.js';
import { movePoints, shotsPerRound } from '../src/engine/kernel.js';
import { collect, shareThrows, suppliesOnMap, supplyMayLand, throwLanding, whyNoSpread } from '../src/engine/supply.js';
import type { NationId } from '../src/types.js';
import { actors, addFort, addRegiment, buy, fixedRng, order, passUntil, putSupply, table } from './helpers.js';

const THREE = {
  nations: ['lilla', 'rod', 'gul'] as NationId[],
  capitals: [
    { x: 0, y: 7 },
    { x: 9, y: 7 },
    { x: 5, y: 0 },
  ],
};
const three = () => table(THREE);

describe('buying', () => {
  it('puts regiments beside the capital or an old fort, forts beside an old regiment', () => {
    const G = three();
    G.nations['0']!.supplies = 10;
    expect(
      regimentSquares(G, '0')
        .map((p) => `${p.x},${p.y}`)
        .sort(),
    ).toEqual(['0,6', '1,6', '1,7']);
    expect(buyCost(G, '0', buy({ regiments: [{ x: 3, y: 3 }] }))).toMatchObject({ code: 'bad-regiment-square' });
    // A regiment bought now cannot anchor a fort bought now.
    expect(buyCost(G, '0', buy({ regiments: [{ x: 1, y: 6 }], forts: [{ x: 2, y: 5 }] }))).toMatchObject({ code: 'bad-fort-square' });
    addRegiment(G, '0', { x: 3, y: 3 });
    expect(buyCost(G, '0', buy({ forts: [{ x: 4, y: 4 }] }))).toEqual({ cost: 2 });
    order(G, '0', buy({ forts: [{ x: 4, y: 4 }], regiments: [{ x: 1, y: 6 }] }));
    order(G, '1', null);
    order(G, '2', null);
    expect(G.nations['0']!.supplies).toBe(7);
    expect(G.forts).toHaveLength(1);
    expect(regimentSquares(G, '0').some((p) => p.x === 5 && p.y === 5)).toBe(true);
  });
  it('makes a fort cost 1 beside another nation’s fort', () => {
    const G = three();
    addRegiment(G, '0', { x: 3, y: 3 });
    addFort(G, '1', { x: 5, y: 3 });
    expect(fortCost(G, '0', { x: 4, y: 3 })).toBe(1);
    expect(fortCost(G, '0', { x: 3, y: 4 })).toBe(2);
  });
  it('refunds both when two nations place on one square, except a capital owner’s regiment beside it', () => {
    const G = three();
    for (const s of ['0', '1', '2']) G.nations[s]!.supplies = 5;
    addFort(G, '1', { x: 2, y: 7 });
    addFort(G, '2', { x: 3, y: 6 });
    // (1,6) is beside seat 0's capital: seat 0 wins it against seat 1's fort-based placement.
    order(G, '0', buy({ regiments: [{ x: 1, y: 6 }] }));
    order(G, '1', buy({ regiments: [{ x: 1, y: 6 }] }));
    order(G, '2', buy({ regiments: [{ x: 2, y: 6 }] }));
    expect(G.regiments.map((r) => [r.owner, r.x, r.y])).toContainEqual(['0', 1, 6]);
    expect(G.regiments.filter((r) => r.owner === '1')).toHaveLength(0);
    expect(G.nations['1']!.supplies).toBe(5);
    const H = three();
    for (const s of ['0', '1', '2']) H.nations[s]!.supplies = 5;
    addFort(H, '1', { x: 4, y: 4 });
    addFort(H, '2', { x: 6, y: 4 });
    order(H, '0', null);
    order(H, '1', buy({ regiments: [{ x: 5, y: 4 }] }));
    order(H, '2', buy({ regiments: [{ x: 5, y: 4 }] }));
    expect(H.regiments).toHaveLength(0);
    expect([H.nations['1']!.supplies, H.nations['2']!.supplies]).toEqual([5, 5]);
    expect(H.log.filter((e) => e.t === 'bounced')).toHaveLength(2);
  });
  it('lets a supply beside the capital go back to the bank when there is no other room', () => {
    const G = three();
    G.nations['0']!.supplies = 3;
    for (const p of [
      { x: 0, y: 6 },
      { x: 1, y: 6 },
      { x: 1, y: 7 },
    ])
      putSupply(G, p);
    expect(regimentSquares(G, '0')).toHaveLength(3);
    order(G, '0', buy({ regiments: [{ x: 1, y: 6 }] }));
    order(G, '1', null);
    order(G, '2', null);
    expect(G.mapSupplies[6 * 10 + 1]).toBe(0);
    expect(suppliesOnMap(G)).toBe(2);
  });
});

describe('upgrades', () => {
  it('cost 4/4/4/4/6/6/6/8 and give their hit chance, shots, and at the 4th defence, move, range', () => {
    expect(UPGRADES.slice(1).map((u) => u.cost)).toEqual([4, 4, 4, 4, 6, 6, 6, 8]);
    const G = three();
    const base = { shots: shotsPerRound(G, '0'), move: movePoints(G, '0') };
    const s = addRegiment(G, '0', { x: 0, y: 0 });
    addRegiment(G, '2', { x: 1, y: 0 });
    const hit = () => hitNeeded(G, '0', findShooter(G, '0', s)!, { x: 1, y: 0 }, topPiece(G, { x: 1, y: 0 })!).hitChance;
    const seen = [];
    for (let n = 0; n <= 8; n++) {
      G.nations['0']!.upgrades = n;
      seen.push([hit(), shotsPerRound(G, '0') - base.shots, movePoints(G, '0') - base.move]);
    }
    expect(seen).toEqual([
      [0, 0, 0],
      [1, 1, 0],
      [2, 2, 0],
      [3, 3, 0],
      [4, 4, 1],
      [6, 5, 1],
      [8, 6, 1],
      [10, 7, 1],
      [10, 7, 1],
    ]);
    G.nations['0']!.upgrades = 4;
    const e = addRegiment(G, '1', { x: 3, y: 3 });
    expect(hitNeeded(G, '1', findShooter(G, '1', e)!, { x: 0, y: 0 }, topPiece(G, { x: 0, y: 0 })!).defence).toBe(1);
  });
  it('are bought in the buy phase; the 4th draws an invention', () => {
    const G = three();
    G.nations['1']!.supplies = 8;
    G.nations['1']!.upgrades = 3;
    order(G, '0', null);
    order(G, '1', buy({ upgrades: 1 }), fixedRng([]));
    order(G, '2', null);
    expect(G.nations['1']!).toMatchObject({ upgrades: 4, supplies: 4, unlockedByUpgrade: true });
    expect(G.nations['1']!.inventions).toHaveLength(1);
    expect(G.inventionBag).toHaveLength(9);
  });
});

describe('loans, collecting and welfare', () => {
  it('lends 2 supplies for 2 pool regiments, one loan a round, and bars upgrades until bought back', () => {
    const G = three();
    G.nations['0']!.supplies = 2;
    expect(buyCost(G, '0', buy({ loan: true, upgrades: 1 }))).toMatchObject({ code: 'repay-before-upgrade' });
    order(G, '0', buy({ loan: true }));
    passUntil(G, 'move');
    expect(G.nations['0']).toMatchObject({ supplies: 4, pool: 10, loaned: 2 });
    expect(buyCost(G, '0', buy({ upgrades: 1 }))).toMatchObject({ code: 'repay-before-upgrade' });
    expect(buyCost(G, '0', buy({ repay: 2, upgrades: 1 }))).toMatchObject({ code: 'not-enough-supplies' });
    G.nations['0']!.supplies = 5;
    expect(buyCost(G, '0', buy({ repay: 2, upgrades: 1 }))).toEqual({ cost: 5 });
    G.nations['0']!.pool = 1;
    expect(buyCost(G, '0', buy({ loan: true }))).toMatchObject({ code: 'loan-needs-regiments' });
  });
  it('collects map supplies under regiments, fort income and welfare', () => {
    const G = three();
    addRegiment(G, '1', { x: 4, y: 4 });
    putSupply(G, { x: 4, y: 4 }, 2);
    addFort(G, '1', { x: 5, y: 5 });
    G.nations['0']!.supplies = 0;
    G.nations['1']!.supplies = 0;
    G.nations['2']!.supplies = 0;
    addRegiment(G, '2', { x: 8, y: 0 });
    collect(G);
    expect(G.nations['1']!.supplies).toBe(3);
    expect(G.nations['0']!.supplies).toBe(1);
    // Yellow has a regiment, so no welfare.
    expect(G.nations['2']!.supplies).toBe(0);
  });
});

describe('spreading supplies', () => {
  it('shares the missing supplies from the first player clockwise, only below 8', () => {
    const G = three();
    G.firstPlayer = '1';
    for (let i = 0; i < 5; i++) putSupply(G, { x: i, y: 2 });
    expect(shareThrows(G)).toEqual({ '1': 2, '2': 2, '0': 1 });
    for (let i = 0; i < 8; i++) putSupply(G, { x: i, y: 3 });
    expect(shareThrows(G)).toEqual({});
  });
  it('lands an aimed throw on the square or a neighbour by the d12', () => {
    expect([1, 4, 5, 7, 12].map((r) => throwLanding({ x: 5, y: 5 }, r))).toEqual([
      { x: 5, y: 5 },
      { x: 5, y: 5 },
      { x: 5, y: 4 },
      { x: 6, y: 5 },
      { x: 4, y: 4 },
    ]);
  });
  it('passes a throw that lands off the map or on a fort to the next nation', () => {
    const G = three();
    passUntil(G, 'spread');
    expect(G.toThrow).toEqual({ '0': 4, '1': 3, '2': 3 });
    addFort(G, '1', { x: 3, y: 3 });
    // The first throw aims beside the fort and strays north (5) onto it.
    const dice = fixedRng([5, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    order(
      G,
      '0',
      {
        kind: 'spread',
        aims: [
          { x: 3, y: 4 },
          { x: 2, y: 2 },
          { x: 2, y: 2 },
          { x: 4, y: 4 },
        ],
      },
      dice,
    );
    order(
      G,
      '1',
      {
        kind: 'spread',
        aims: [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ],
      },
      dice,
    );
    order(
      G,
      '2',
      {
        kind: 'spread',
        aims: [
          { x: 6, y: 6 },
          { x: 6, y: 6 },
          { x: 6, y: 6 },
        ],
      },
      dice,
    );
    expect(G.phase).toBe('spread');
    expect(G.toThrow).toEqual({ '1': 1 });
    expect(suppliesOnMap(G)).toBe(9);
    order(G, '1', { kind: 'spread', aims: [{ x: 7, y: 1 }] }, fixedRng([1]));
    expect(suppliesOnMap(G)).toBe(10);
    expect(G.phase).toBe('buy');
    expect(G.round).toBe(2);
    expect(G.firstPlayer).toBe('1');
    void actors;
  });

  it('keeps passing a missed throw on clockwise until it lands, past any number of steps', () => {
    const G = three();
    passUntil(G, 'spread');
    const corner = { x: 0, y: 0 };
    const at = (p: { x: number; y: number }, k: number) => ({ kind: 'spread' as const, aims: Array(k).fill(p) });
    // Step 1: Purple's first throw strays north off the map (5); the other nine land (1).
    const dice = fixedRng([5, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    order(G, '0', at(corner, 4), dice);
    order(G, '1', at({ x: 4, y: 4 }, 3), dice);
    order(G, '2', at({ x: 4, y: 4 }, 3), dice);
    expect(G.toThrow).toEqual({ '1': 1 });
    // Steps 2 and 3: Red, then Yellow, miss it off the map again.
    order(G, '1', at(corner, 1), fixedRng([5]));
    expect(G.toThrow).toEqual({ '2': 1 });
    order(G, '2', at(corner, 1), fixedRng([5]));
    // The sheet passes it on with no end: a fourth step, back to Purple, not a dropped supply.
    expect(G.phase).toBe('spread');
    expect(G.toThrow).toEqual({ '0': 1 });
    expect(suppliesOnMap(G)).toBe(9);
    order(G, '0', at(corner, 1), fixedRng([1]));
    expect(suppliesOnMap(G)).toBe(10);
    expect(G.phase).toBe('buy');
  });

  it('refuses an aim where a supply cannot rest: water, a capital, a fort (a Green fort is fine)', () => {
    const rows = [...Array(8)].map(() => '0.'.repeat(10));
    rows[4] = `0.0.0.0.0w${'0.'.repeat(5)}`;
    const G = table({ ...THREE, nations: ['lilla', 'rod', 'gronn'], rows });
    passUntil(G, 'spread');
    const fort = { x: 3, y: 3 };
    const green = { x: 6, y: 3 };
    addFort(G, '1', fort);
    addFort(G, '2', green);
    const aims = (p: { x: number; y: number }) => ({ kind: 'spread' as const, aims: Array(G.toThrow['0']).fill(p) });
    expect(whyNoSpread(G, '0', aims({ x: 4, y: 4 }))?.code).toBe('aim-cannot-land');
    expect(whyNoSpread(G, '0', aims({ x: 9, y: 7 }))?.code).toBe('aim-cannot-land');
    expect(whyNoSpread(G, '0', aims(fort))?.code).toBe('aim-cannot-land');
    expect(whyNoSpread(G, '0', aims(green))).toBeNull();
    expect(whyNoSpread(G, '0', aims({ x: 4, y: 5 }))).toBeNull();
  });

  it('aims the throws of a nation that hands in nothing, so that they land rather than pass on', () => {
    const G = three();
    passUntil(G, 'spread');
    const dice = fixedRng([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    for (const s of ['0', '1', '2']) order(G, s, null, dice);
    const throws = G.log.filter((e) => e.t === 'throw');
    expect(throws).toHaveLength(10);
    for (const t of throws) if (t.t === 'throw') expect(t.landed && supplyMayLand(G, t.landed)).toBe(true);
    expect(suppliesOnMap(G)).toBe(10);
    expect(G.phase).toBe('buy');
  });
});
