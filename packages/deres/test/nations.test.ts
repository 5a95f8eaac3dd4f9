import { describe, expect, it } from 'vitest';
import { buyCost } from '../src/engine/buy.js';
import { findShooter, hitNeeded, topPiece, whyNoShot } from '../src/engine/combat.js';
import { movePoints, shotsPerRound, upgradeCost } from '../src/engine/kernel.js';
import { reachable, whyNoMove } from '../src/engine/move.js';
import { collect } from '../src/engine/supply.js';
import type { DeresState, NationId } from '../src/types.js';
import { actors, addFort, addRegiment, buy, fixedRng, order, passUntil, table } from './helpers.js';

const two = (a: NationId, b: NationId) =>
  table({
    nations: [a, b],
    capitals: [
      { x: 0, y: 7 },
      { x: 9, y: 7 },
    ],
  });
const need = (G: DeresState, seat: string, id: string, x: number, y: number) =>
  hitNeeded(G, seat, findShooter(G, seat, id)!, { x, y }, topPiece(G, { x, y })!);

describe('De Gule (Yellow)', () => {
  it('has +1 defence on its regiments', () => {
    const G = two('lilla', 'gul');
    const s = addRegiment(G, '0', { x: 0, y: 0 });
    addRegiment(G, '1', { x: 1, y: 0 });
    expect(need(G, '0', s, 1, 0).defence).toBe(1);
    G.nations['1']!.nation = 'rod';
    expect(need(G, '0', s, 1, 0).defence).toBe(0);
  });
  it('may spend its whole move to jump beside its fort or capital, landing on a supply', () => {
    const G = two('gul', 'lilla');
    const r = addRegiment(G, '0', { x: 5, y: 0 });
    passUntil(G, 'move');
    expect(whyNoMove(G, '0', { kind: 'move', moves: [{ piece: r, to: { x: 1, y: 6 }, recall: true }] }, [])).toBeNull();
    expect(whyNoMove(G, '0', { kind: 'move', moves: [{ piece: r, to: { x: 1, y: 6 } }] }, [])?.code).toBe('cannot-reach');
    expect(whyNoMove(G, '0', { kind: 'move', moves: [{ piece: r, to: { x: 5, y: 5 }, recall: true }] }, [])?.code).toBe(
      'bad-recall-square',
    );
    G.mapSupplies[6 * 10 + 1] = 1;
    order(G, '0', { kind: 'move', moves: [{ piece: r, to: { x: 1, y: 6 }, recall: true }] });
    order(G, '1', null);
    expect(G.regiments[0]).toMatchObject({ x: 1, y: 6 });
    const H = two('lilla', 'gul');
    const q = addRegiment(H, '0', { x: 5, y: 0 });
    passUntil(H, 'move');
    expect(whyNoMove(H, '0', { kind: 'move', moves: [{ piece: q, to: { x: 1, y: 6 }, recall: true }] }, [])?.code).toBe(
      'only-yellow-recall',
    );
  });
});

describe('De Røde (Red)', () => {
  it('has one extra shot; its forts shoot without reloading and give their neighbours +2', () => {
    const G = two('rod', 'lilla');
    expect(shotsPerRound(G, '0')).toBe(2);
    expect(shotsPerRound(G, '1')).toBe(1);
    const f = addFort(G, '0', { x: 0, y: 0 });
    const e = addRegiment(G, '1', { x: 2, y: 0 });
    void e;
    G.shootingRound = 2;
    G.forts[0]!.firedIn = 1;
    expect(whyNoShot(G, '0', f, { x: 2, y: 0 })).toBeNull();
    // Its +2 is for the regiments beside it, not for its own shot.
    expect(need(G, '0', f, 2, 0).support).toBe(0);
    const H = two('lilla', 'rod');
    const g = addFort(H, '0', { x: 0, y: 0 });
    addRegiment(H, '1', { x: 2, y: 0 });
    expect(whyNoShot(H, '0', g, { x: 2, y: 0 })?.code).toBe('forts-cannot-shoot');
  });
  it('upgrades a fort with 1 supply and a pool regiment, at most once per fort on the map', () => {
    const G = two('rod', 'lilla');
    G.nations['0']!.supplies = 5;
    const f = addFort(G, '0', { x: 0, y: 0 });
    expect(buyCost(G, '0', buy({ fortUpgrades: [f] }))).toEqual({ cost: 1 });
    expect(buyCost(G, '0', buy({ fortUpgrades: [f, f] }))).toMatchObject({ code: 'fort-upgrade-limit' });
    addFort(G, '0', { x: 5, y: 5 });
    expect(buyCost(G, '0', buy({ fortUpgrades: [f, f] }))).toEqual({ cost: 2 });
    const pool = G.nations['0']!.pool;
    order(G, '0', buy({ fortUpgrades: [f, f] }));
    order(G, '1', null);
    expect(G.forts[0]!.upgrades).toBe(2);
    expect(G.nations['0']!.pool).toBe(pool - 2);
    // +1 hit chance to its neighbours and +1 defence per upgrade: the sheet's 4 upgrades give +6 and 4/6.
    G.forts[0]!.upgrades = 4;
    const s = addRegiment(G, '0', { x: 1, y: 0 });
    addRegiment(G, '1', { x: 2, y: 0 });
    expect(need(G, '0', s, 2, 0).support).toBe(6);
    const e1 = addRegiment(G, '1', { x: 1, y: 1 });
    const e3 = addRegiment(G, '1', { x: 3, y: 3 });
    G.nations['1']!.nation = 'gronn';
    expect(need(G, '1', e1, 0, 0).defence).toBe(4);
    expect(need(G, '1', e3, 0, 0).defence).toBe(6);
    expect(buyCost(two('lilla', 'rod'), '0', buy({ fortUpgrades: ['x'] }))).toMatchObject({ code: 'only-red-fort-upgrades' });
  });
});

describe('De Lilla (Purple)', () => {
  it('has +1 move, cheaper first upgrades and 3 supplies from four forts', () => {
    const G = two('lilla', 'rod');
    expect(movePoints(G, '0')).toBe(2);
    expect(movePoints(G, '1')).toBe(1);
    expect([1, 2, 3].map((n) => upgradeCost(G, '0', n))).toEqual([3, 3, 4]);
    expect([1, 2, 3].map((n) => upgradeCost(G, '1', n))).toEqual([4, 4, 4]);
    for (const x of [0, 2, 4, 6]) {
      addFort(G, '0', { x, y: 0 });
      addFort(G, '1', { x, y: 2 });
    }
    G.nations['0']!.supplies = 1;
    G.nations['1']!.supplies = 1;
    collect(G);
    expect(G.nations['0']!.supplies).toBe(4);
    expect(G.nations['1']!.supplies).toBe(3);
  });
});

describe('De Grønne (Green)', () => {
  it('buys and moves onto its own pieces, never onto an enemy', () => {
    const G = two('gronn', 'lilla');
    G.nations['0']!.supplies = 3;
    const r = addRegiment(G, '0', { x: 1, y: 6 });
    expect(
      buyCost(
        G,
        '0',
        buy({
          regiments: [
            { x: 1, y: 6 },
            { x: 1, y: 6 },
          ],
        }),
      ),
    ).toEqual({ cost: 2 });
    const H = two('lilla', 'gronn');
    H.nations['0']!.supplies = 3;
    addRegiment(H, '0', { x: 1, y: 6 });
    expect(buyCost(H, '0', buy({ regiments: [{ x: 1, y: 6 }] }))).toMatchObject({ code: 'bad-regiment-square' });
    order(G, '0', buy({ regiments: [{ x: 1, y: 6 }] }));
    order(G, '1', null);
    const other = G.regiments.find((x) => x.id !== r)!;
    expect(other).toMatchObject({ x: 1, y: 6 });
    addRegiment(G, '1', { x: 2, y: 5 });
    expect(reachable(G, '0', r, false).has('2,6')).toBe(true);
    expect(reachable(G, '0', r, false).has('2,5')).toBe(false);
    expect(
      whyNoMove(
        G,
        '0',
        {
          kind: 'move',
          moves: [
            { piece: r, to: { x: 0, y: 6 } },
            { piece: other.id, to: { x: 0, y: 6 } },
          ],
        },
        [],
      ),
    ).toBeNull();
  });
  it('is hit on its top piece: regiments stand above forts, and a regiment on a fort gets its bonus but not its defence', () => {
    const G = two('gronn', 'lilla');
    addFort(G, '0', { x: 3, y: 0 });
    const r = addRegiment(G, '0', { x: 3, y: 0 });
    const e = addRegiment(G, '1', { x: 0, y: 0 });
    expect(topPiece(G, { x: 3, y: 0 })).toMatchObject({ kind: 'regiment' });
    expect(need(G, '1', e, 3, 0).defence).toBe(0);
    expect(need(G, '0', r, 0, 0).support).toBe(1);
    G.regiments = G.regiments.filter((x) => x.id !== r);
    expect(topPiece(G, { x: 3, y: 0 })).toMatchObject({ kind: 'fort' });
    expect(need(G, '1', e, 3, 0).defence).toBe(2);
  });
  it('never reloads, and two regiments stacked beside the target flank it', () => {
    const G = two('gronn', 'lilla');
    const a = addRegiment(G, '0', { x: 0, y: 0 });
    addRegiment(G, '1', { x: 1, y: 0 });
    G.shootingRound = 2;
    G.regiments[0]!.firedIn = 1;
    expect(whyNoShot(G, '0', a, { x: 1, y: 0 })).toBeNull();
    expect(need(G, '0', a, 1, 0).flank).toBe(false);
    addRegiment(G, '0', { x: 0, y: 0 });
    expect(need(G, '0', a, 1, 0).flank).toBe(true);
    G.nations['0']!.nation = 'lilla';
    expect(whyNoShot(G, '0', a, { x: 1, y: 0 })?.code).toBe('must-reload');
  });
  it('walks its forts, paying full height costs', () => {
    const G = table({
      nations: ['gronn', 'lilla'],
      capitals: [
        { x: 0, y: 3 },
        { x: 5, y: 3 },
      ],
      rows: ['0.0.2.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.'],
    });
    const f = addFort(G, '0', { x: 1, y: 0 });
    passUntil(G, 'move');
    expect(reachable(G, '0', f, false).has('0,0')).toBe(true);
    expect(reachable(G, '0', f, false).has('2,0')).toBe(false);
    order(G, '0', { kind: 'move', moves: [{ piece: f, to: { x: 1, y: 1 } }] });
    while (G.phase === 'move') order(G, actors(G)[0]!, null);
    expect(G.forts[0]).toMatchObject({ x: 1, y: 1 });
    const H = table({
      nations: ['lilla', 'gronn'],
      capitals: [
        { x: 0, y: 3 },
        { x: 5, y: 3 },
      ],
      rows: ['0.0.2.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.'],
    });
    const g = addFort(H, '0', { x: 1, y: 0 });
    expect(reachable(H, '0', g, false).size).toBe(0);
    void fixedRng;
  });
});
