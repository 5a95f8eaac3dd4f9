import { describe, expect, it } from 'vitest';
import { layoutSlots } from '../src/data/terrain.js';
import { atEdge, besideWater, squareAt } from '../src/engine/board.js';
import { legalActions } from '../src/engine/legal.js';
import { createInitialState } from '../src/engine/setup.js';
import { viewFor } from '../src/engine/view.js';
import { act, actors, addRegiment, buy, fixedRng, order, passUntil, seededRng, table, THREE_NATIONS } from './helpers.js';

describe('set-up', () => {
  it('chooses nations, builds the oval from unseen pieces, places supplies apart and capitals at an edge', () => {
    const rng = seededRng(5);
    const G = createInitialState(3, undefined, rng);
    expect(G.phase).toBe('chooseNation');
    const first = G.setupTurn!;
    act(G, first, 'chooseNation', { nation: 'gronn' });
    expect(() => act(G, G.setupTurn!, 'chooseNation', { nation: 'gronn' })).toThrow(/taken/);
    act(G, G.setupTurn!, 'chooseNation', { nation: 'gul' });
    act(G, G.setupTurn!, 'chooseNation', { nation: 'rod' });
    expect(G.phase).toBe('buildMap');
    expect(G.pile).toHaveLength(19);
    expect(viewFor(G, '0')).not.toHaveProperty('pile');
    const slots = layoutSlots(3).length;
    for (let i = 0; i < slots; i++) {
      const seat = G.setupTurn!;
      expect(() => act(G, G.seats.find((s) => s !== seat)!, 'placeTile', { slot: i, rotation: 0 })).toThrow(/turn/);
      act(G, seat, 'placeTile', { slot: i, rotation: i % 4 });
    }
    expect(G.phase).toBe('placeSupplies');
    const placed: { x: number; y: number }[] = [];
    while (G.phase === 'placeSupplies') {
      const seat = G.setupTurn!;
      const [m] = legalActions(G, seat);
      placed.push(m!.args[0] as { x: number; y: number });
      act(G, seat, m!.move, m!.args[0]);
    }
    expect(placed).toHaveLength(12);
    // Spread out: no two starting supplies touch on a map this size.
    for (const a of placed)
      for (const b of placed) if (a !== b) expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBeGreaterThan(1);
    while (G.phase === 'placeCapital') {
      const seat = G.setupTurn!;
      const inland = legalActions(G, seat).length;
      expect(inland).toBeGreaterThan(0);
      const [m] = legalActions(G, seat);
      const p = m!.args[0] as { x: number; y: number };
      expect(atEdge(G.board, p) || besideWater(G.board, p)).toBe(true);
      act(G, seat, 'placeCapital', p);
    }
    expect(G.phase).toBe('buy');
    expect(G.round).toBe(1);
    for (const s of G.seats) expect(G.nations[s]).toMatchObject({ supplies: 2, pool: 12, fortStock: 4 });
    expect(G.board.squares.filter((q) => q).length).toBe(slots * 9);
    expect(squareAt(G.board, { x: 0, y: 0 })).toBeNull();
  });
});

describe('secret orders', () => {
  it('are replaceable until all have submitted, and the clock’s empty submission counts', () => {
    const G = table({
      nations: ['gul', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
      supplies: 3,
    });
    order(G, '0', buy({ regiments: [{ x: 0, y: 6 }] }));
    order(G, '0', buy({ regiments: [{ x: 1, y: 6 }] }));
    expect(viewFor(G, '1').myOrders).toBeNull();
    expect(viewFor(G, '1').submitted).toEqual({ '0': true, '1': false });
    expect(viewFor(G, null).myOrders).toBeNull();
    act(G, '1', 'submitEmpty', {});
    expect(G.regiments.map((r) => [r.x, r.y])).toEqual([[1, 6]]);
    expect(G.phase).toBe('move');
    expect(() => act(G, '0', 'submitOrders', buy({}))).toThrow(/Orders for II/);
  });
  it('settles two regiments ending on one square: both stay, unless one owns a capital beside it', () => {
    const G = table({
      ...THREE_NATIONS,
    });
    const a = addRegiment(G, '0', { x: 4, y: 4 });
    const b = addRegiment(G, '1', { x: 6, y: 4 });
    const c = addRegiment(G, '2', { x: 5, y: 2 });
    const d = addRegiment(G, '1', { x: 3, y: 2 });
    passUntil(G, 'move');
    order(G, '0', { kind: 'move', moves: [{ piece: a, to: { x: 5, y: 4 } }] });
    order(G, '1', {
      kind: 'move',
      moves: [
        { piece: b, to: { x: 5, y: 4 } },
        { piece: d, to: { x: 4, y: 1 } },
      ],
    });
    order(G, '2', { kind: 'move', moves: [{ piece: c, to: { x: 4, y: 1 } }] });
    const at = (id: string) => G.regiments.find((r) => r.id === id)!;
    expect([at(a).x, at(b).x]).toEqual([4, 6]);
    // (4,1) is beside Purple's capital at (5,0): Purple has the first right.
    expect(at(c)).toMatchObject({ x: 4, y: 1 });
    expect(at(d)).toMatchObject({ x: 3, y: 2 });
  });
  it('lets a piece follow another of its own out of its square, but not into a square that stays taken', () => {
    const G = table({
      nations: ['gul', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
    });
    const a = addRegiment(G, '0', { x: 2, y: 2 });
    const b = addRegiment(G, '0', { x: 3, y: 2 });
    const e = addRegiment(G, '1', { x: 5, y: 2 });
    passUntil(G, 'move');
    order(G, '0', {
      kind: 'move',
      moves: [
        { piece: a, to: { x: 3, y: 2 } },
        { piece: b, to: { x: 4, y: 2 } },
      ],
    });
    order(G, '1', { kind: 'move', moves: [{ piece: e, to: { x: 4, y: 2 } }] });
    const at = (id: string) => G.regiments.find((r) => r.id === id)!;
    // b bounced against the Red regiment, so a, following it, stays too.
    expect([at(a).x, at(b).x, at(e).x]).toEqual([2, 3, 5]);
  });
});

describe('the end', () => {
  it('is won by the last nation standing', () => {
    const G = table({
      nations: ['gul', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 2, y: 7 },
      ],
    });
    G.nations['0']!.upgrades = 1;
    const r = addRegiment(G, '0', { x: 1, y: 7 });
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: r, target: { x: 2, y: 7 } } });
    while (actors(G).length) order(G, actors(G)[0]!, null, fixedRng([12]));
    expect(G.result).toEqual({ reason: 'conquest', winner: '0', ranking: ['0', '1'] });
    expect(legalActions(G, '0')).toEqual([]);
    expect(() => act(G, '0', 'submitEmpty', {})).toThrow(/over/);
  });
  it('is won by the first to 8 upgrades; the others ranked by upgrades, then forts + supplies + regiments', () => {
    const G = table({
      nations: ['gul', 'rod', 'lilla', 'gronn'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
        { x: 5, y: 0 },
        { x: 0, y: 0 },
      ],
    });
    G.nations['3']!.upgrades = 7;
    G.nations['3']!.supplies = 8;
    G.nations['0']!.upgrades = 2;
    G.nations['1']!.upgrades = 2;
    G.nations['1']!.supplies = 5;
    addRegiment(G, '2', { x: 5, y: 5 });
    order(G, '3', buy({ upgrades: 1 }));
    for (const s of ['0', '1', '2']) order(G, s, null);
    expect(G.result).toEqual({ reason: 'technology', winner: '3', ranking: ['3', '1', '0', '2'] });
  });
  it('needs everyone’s consent to surrender; the surrendering nation is then out', () => {
    const G = table({
      ...THREE_NATIONS,
    });
    act(G, '2', 'proposeSurrender', {});
    act(G, '0', 'answerSurrender', { accept: true });
    act(G, '1', 'answerSurrender', { accept: false });
    expect(G.nations['2']!.out).toBe(false);
    act(G, '2', 'proposeSurrender', {});
    act(G, '0', 'answerSurrender', { accept: true });
    expect(() => act(G, '2', 'answerSurrender', { accept: true })).toThrow();
    act(G, '1', 'answerSurrender', { accept: true });
    expect(G.nations['2']!.out).toBe(true);
    expect(G.capitals['2']).toMatchObject({ destroyed: true });
    expect(G.mustSubmit).toEqual(['0', '1']);
    act(G, '0', 'proposeSurrender', {});
    act(G, '1', 'answerSurrender', { accept: true });
    expect(G.result).toMatchObject({ reason: 'surrender', winner: '1' });
  });
  it('comes after the round limit when one is set, ranked as for technology', () => {
    const G = table({
      nations: ['gul', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
      maxRounds: 1,
    });
    G.nations['1']!.upgrades = 1;
    passUntil(G, 'over', fixedRng([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
    expect(G.result).toMatchObject({ reason: 'roundLimit', winner: '1' });
  });
});
