import { describe, expect, it } from 'vitest';
import { findShooter, hitNeeded, legalShots, topPiece, whyNoShot } from '../src/engine/combat.js';
import { lineOfSight, sightPath } from '../src/engine/los.js';
import type { DeresState } from '../src/types.js';
import { actors, addFort, addRegiment, fixedRng, order, passUntil, table } from './helpers.js';

const needed = (G: DeresState, seat: string, shooter: string, x: number, y: number) =>
  hitNeeded(G, seat, findShooter(G, seat, shooter)!, { x, y }, topPiece(G, { x, y })!);

/** Red (seat 0) against Yellow (seat 1) on the sheet's example: target one level up, two squares away. */
function example() {
  const G = table({
    nations: ['rod', 'gul'],
    capitals: [
      { x: 0, y: 4 },
      { x: 5, y: 4 },
    ],
    rows: ['0.0.0.0.0.0.', '0.0.0.1.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.'],
  });
  G.nations['0']!.upgrades = 3;
  G.nations['1']!.upgrades = 4;
  const shooter = addRegiment(G, '0', { x: 1, y: 1 });
  addFort(G, '0', { x: 0, y: 1 });
  const target = addRegiment(G, '1', { x: 3, y: 1 });
  return { G, shooter, target };
}

describe('the d12 needed', () => {
  it("is the sheet's worked example: 13 + 3 − 5 = 11", () => {
    const { G, shooter } = example();
    const b = needed(G, '0', shooter, 3, 1);
    expect(b).toMatchObject({ squares: 2, range: 13, defence: 3, hitChance: 5, needed: 11, uphill: true, support: 2 });
  });

  it('hits on 11 and misses on 10 when the round is played, the hit leaving after the round', () => {
    for (const [roll, hit] of [
      [11, true],
      [10, false],
    ] as const) {
      const { G, shooter, target } = example();
      passUntil(G, 'shoot');
      expect(G.step).toBe('declare');
      order(G, '0', { kind: 'shoot', shot: { shooter, target: { x: 3, y: 1 } } });
      order(G, '1', { kind: 'shoot', shot: null });
      // Yellow passed and was aimed at: it may answer.
      expect(G.step).toBe('answer');
      expect(G.mustSubmit).toEqual(['1']);
      order(G, '1', { kind: 'shoot', shot: null }, fixedRng([roll]));
      expect(G.regiments.some((r) => r.id === target)).toBe(!hit);
      expect(G.nations['1']!.pool).toBe(hit ? 12 : 11);
    }
  });

  it('uses 9/13/17/21 for 1–4 squares; 4 squares only with the 4th upgrade', () => {
    const G = table({
      nations: ['gronn', 'lilla'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
    });
    const s = addRegiment(G, '0', { x: 0, y: 0 });
    for (let d = 1; d <= 4; d++) addRegiment(G, '1', { x: d, y: d === 1 ? 0 : 0 + 0 });
    G.regiments = G.regiments.filter((r) => r.owner === '0' || r.x === 1);
    for (const d of [1, 2, 3, 4]) {
      G.regiments = G.regiments.filter((r) => r.owner === '0');
      addRegiment(G, '1', { x: d, y: 0 });
      const why = whyNoShot(G, '0', s, { x: d, y: 0 });
      if (d === 4) expect(why?.code).toBe('out-of-range');
      else expect(needed(G, '0', s, d, 0).range).toBe([0, 9, 13, 17][d]);
    }
    G.nations['0']!.upgrades = 4;
    expect(whyNoShot(G, '0', s, { x: 4, y: 0 })).toBeNull();
    expect(needed(G, '0', s, 4, 0).range).toBe(21);
  });

  it('gives flanking +1, downhill +1, and a fort 2 defence only from afar', () => {
    const G = table({
      nations: ['lilla', 'gul'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
      rows: [...Array(7)].map(() => '1.0.0.0.0.0.0.0.0.0.').concat(['0.0.0.0.0.0.0.0.0.0.']),
    });
    const s = addRegiment(G, '0', { x: 0, y: 0 });
    const t = addRegiment(G, '1', { x: 1, y: 0 });
    void t;
    expect(needed(G, '0', s, 1, 0)).toMatchObject({ hitChance: 1, downhill: true, defence: 1 });
    addRegiment(G, '0', { x: 2, y: 1 });
    expect(needed(G, '0', s, 1, 0)).toMatchObject({ hitChance: 2, flank: true });
    G.regiments = G.regiments.filter((r) => r.owner === '0');
    addFort(G, '1', { x: 1, y: 0 });
    expect(needed(G, '0', s, 1, 0).defence).toBe(0);
    addFort(G, '1', { x: 3, y: 0 });
    const far = needed(G, '0', s, 3, 0);
    expect(far.defence).toBe(2);
  });

  it('lets only a regiment one square away shoot a capital, which always has 4 defence', () => {
    const G = table({
      nations: ['rod', 'gul'],
      capitals: [
        { x: 0, y: 7 },
        { x: 5, y: 5 },
      ],
      rows: [...Array(8)].map(() => '0.0.0.0.0.0.2.2.0.0.'),
    });
    const far = addRegiment(G, '0', { x: 3, y: 5 });
    const near = addRegiment(G, '0', { x: 4, y: 4 });
    const fort = addFort(G, '0', { x: 4, y: 6 });
    expect(whyNoShot(G, '0', far, { x: 5, y: 5 })?.code).toBe('capital-range');
    expect(whyNoShot(G, '0', fort, { x: 5, y: 5 })?.code).toBe('capital-range');
    expect(whyNoShot(G, '0', near, { x: 5, y: 5 })).toBeNull();
    expect(needed(G, '0', near, 5, 5).defence).toBe(4);
  });

  it('shoots a capital down and knocks its nation out: pieces leave, the square stays blocked', () => {
    const G = table({
      nations: ['rod', 'gul', 'lilla'],
      capitals: [
        { x: 0, y: 7 },
        { x: 5, y: 5 },
        { x: 9, y: 0 },
      ],
    });
    const near = addRegiment(G, '0', { x: 4, y: 4 });
    addRegiment(G, '1', { x: 8, y: 7 });
    // 9 + 4 − 0 = 13 cannot be rolled: one upgrade makes it 12.
    G.nations['0']!.upgrades = 1;
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: near, target: { x: 5, y: 5 } } });
    const dice = fixedRng([12]);
    while (G.shootingRound === 1) order(G, actors(G)[0]!, null, dice);
    expect(G.nations['1']!.out).toBe(true);
    expect(G.capitals['1']).toMatchObject({ destroyed: true });
    expect(G.regiments.some((r) => r.owner === '1')).toBe(false);
    expect(G.result).toBeNull();
  });
});

describe('line of sight', () => {
  const rows = ['0.0.0.0.0.', '0.0.1h0.0.', '0.0.0.0.0.', '0.0.0.0.0.', '0.2.2.2.0.'];
  it('is blocked by a hill between, not by own pieces, and by enemy pieces', () => {
    const G = table({
      nations: ['rod', 'gul'],
      capitals: [
        { x: 0, y: 3 },
        { x: 4, y: 3 },
      ],
      rows,
    });
    expect(lineOfSight(G, { x: 0, y: 1 }, { x: 4, y: 1 }, { seat: '0' }).blockedBy?.why).toBe('hill');
    expect(lineOfSight(G, { x: 0, y: 1 }, { x: 4, y: 1 }, { seat: '0', indirect: true }).clear).toBe(true);
    expect(lineOfSight(G, { x: 0, y: 0 }, { x: 4, y: 0 }, { seat: '0' }).clear).toBe(true);
    addRegiment(G, '0', { x: 2, y: 0 });
    expect(lineOfSight(G, { x: 0, y: 0 }, { x: 4, y: 0 }, { seat: '0' }).clear).toBe(true);
    expect(lineOfSight(G, { x: 0, y: 0 }, { x: 4, y: 0 }, { seat: '1' }).blockedBy?.why).toBe('enemy');
    // Indirect fire still may not pass enemy pieces; a sniper may.
    expect(lineOfSight(G, { x: 0, y: 0 }, { x: 4, y: 0 }, { seat: '1', indirect: true }).clear).toBe(false);
    expect(lineOfSight(G, { x: 0, y: 0 }, { x: 4, y: 0 }, { seat: '1', ignoreEnemies: true }).clear).toBe(true);
  });
  it('is blocked by a cliff beyond one square, and the same both ways', () => {
    const G = table({
      nations: ['rod', 'gul'],
      capitals: [
        { x: 0, y: 0 },
        { x: 4, y: 0 },
      ],
      rows,
    });
    expect(lineOfSight(G, { x: 1, y: 2 }, { x: 1, y: 4 }, { seat: '0' }).blockedBy?.why).toBe('cliff');
    expect(lineOfSight(G, { x: 1, y: 3 }, { x: 1, y: 4 }, { seat: '0' }).clear).toBe(true);
    expect(lineOfSight(G, { x: 1, y: 2 }, { x: 1, y: 4 }, { seat: '0', indirect: true }).clear).toBe(true);
    for (const [a, b] of [
      [
        { x: 0, y: 0 },
        { x: 3, y: 2 },
      ],
      [
        { x: 0, y: 2 },
        { x: 4, y: 1 },
      ],
    ])
      expect(
        sightPath(a!, b!)
          .map((p) => `${p.x},${p.y}`)
          .sort(),
      ).toEqual(
        sightPath(b!, a!)
          .map((p) => `${p.x},${p.y}`)
          .sort(),
      );
  });
});

describe('shooting rounds', () => {
  it('makes a regiment that fired reload for one shooting round', () => {
    const G = table({
      nations: ['lilla', 'gul'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
    });
    G.nations['0']!.upgrades = 2; // 3 shots
    const s = addRegiment(G, '0', { x: 0, y: 0 });
    addRegiment(G, '1', { x: 3, y: 0 });
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: s, target: { x: 3, y: 0 } } });
    if (!G.submitted['1']) order(G, '1', null);
    while (G.step === 'answer') order(G, '1', null, fixedRng([1]));
    // Shooting round 2: Purple's only regiment reloads, so nobody has a choice and it passes by itself.
    const second = G.log.filter((e) => e.t === 'reveal' && e.shootingRound === 2);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ orders: {} });
    expect(G.shootingRound).toBe(3);
    expect(G.nations['0']!.shotsLeft).toBe(1);
    expect(whyNoShot(G, '0', s, { x: 3, y: 0 })).toBeNull();
    G.shootingRound = 2;
    expect(whyNoShot(G, '0', s, { x: 3, y: 0 })?.code).toBe('must-reload');
    expect(legalShots(G, '0')).toEqual([]);
  });

  it('resolves shots together: two regiments may hit each other', () => {
    const G = table({
      nations: ['lilla', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
    });
    const a = addRegiment(G, '0', { x: 0, y: 0 });
    const b = addRegiment(G, '1', { x: 1, y: 0 });
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: a, target: { x: 1, y: 0 } } });
    order(G, '1', { kind: 'shoot', shot: { shooter: b, target: { x: 0, y: 0 } } }, fixedRng([12, 12]));
    expect(G.regiments).toEqual([]);
  });
});

describe("the sheet's numbers for castles, capitals and the capital's height", () => {
  /** Purple (seat 0) and Yellow's neighbour Red (seat 1) on a flat board; `rows` may set heights. */
  const duel = (rows?: string[]) =>
    table({
      nations: ['lilla', 'rod'],
      capitals: [
        { x: 0, y: 3 },
        { x: 9, y: 7 },
      ],
      rows: rows ?? [...Array(8)].map(() => '0.'.repeat(10)),
    });

  it('gives a shooting castle no hit chance of its own: 9 to hit a regiment beside it', () => {
    const G = duel();
    const castle = addFort(G, '0', { x: 4, y: 4 }, true);
    const beside = addRegiment(G, '0', { x: 3, y: 4 });
    addRegiment(G, '1', { x: 5, y: 4 });
    // 9 + 0 − 0: the castle's +3 is for the regiments beside it, not for itself.
    expect(needed(G, '0', castle, 5, 4)).toMatchObject({ support: 0, hitChance: 0, needed: 9 });
    // The regiment beside the castle, two squares from the target, has it: 13 + 0 − 3.
    expect(needed(G, '0', beside, 5, 4)).toMatchObject({ support: 3, needed: 10 });
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: castle, target: { x: 5, y: 4 } } });
    while (G.shootingRound === 1) order(G, actors(G)[0]!, null, fixedRng([8]));
    expect(G.regiments.filter((r) => r.owner === '1')).toHaveLength(1);
  });

  it("gives a shooting Red fort neither its own +2 nor another fort's bonus", () => {
    const G = duel();
    const fort = addFort(G, '1', { x: 5, y: 4 });
    addFort(G, '1', { x: 6, y: 4 });
    addRegiment(G, '0', { x: 4, y: 4 });
    expect(needed(G, '1', fort, 4, 4)).toMatchObject({ support: 0, needed: 9 });
  });

  it('lets a regiment above a capital keep its downhill +1: 9 + 4 − 1 = 12', () => {
    const rows = [...Array(8)].map(() => '0.'.repeat(10));
    rows[6] = '0.0.0.0.0.0.0.0.1.0.';
    const G = duel(rows);
    const above = addRegiment(G, '0', { x: 8, y: 6 });
    expect(needed(G, '0', above, 9, 7)).toMatchObject({ range: 9, defence: 4, hitChance: 1, downhill: true, needed: 12 });
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: above, target: { x: 9, y: 7 } } });
    while (G.shootingRound === 1 && !G.result) order(G, actors(G)[0]!, null, fixedRng([12]));
    expect(G.nations['1']!.out).toBe(true);
  });

  describe("lends the capital's height to a declared shot, not to an answer", () => {
    // Purple's capital stands on height 1; its regiment beside it and Red's regiment stand on height 0.
    const rows = [...Array(8)].map(() => '0.'.repeat(10));
    rows[3] = `1.${'0.'.repeat(9)}`;
    const setUp = () => {
      const G = duel(rows);
      const mine = addRegiment(G, '0', { x: 1, y: 3 });
      const foe = addRegiment(G, '1', { x: 2, y: 3 });
      passUntil(G, 'shoot');
      return { G, mine, foe };
    };

    it('a declared shot counts the height: 9 − 1 = 8, and an 8 hits', () => {
      const { G, mine, foe } = setUp();
      expect(legalShots(G, '0')).toEqual([{ shooter: mine, target: { x: 2, y: 3 }, needed: 8 }]);
      order(G, '0', { kind: 'shoot', shot: { shooter: mine, target: { x: 2, y: 3 } } });
      // Red passes, is aimed at, and passes again in the answer step.
      while (G.shootingRound === 1) order(G, '1', { kind: 'shoot', shot: null }, fixedRng([8]));
      expect(G.log.find((e) => e.t === 'roll' && e.seat === '0')).toMatchObject({ needed: 8, rolls: [8], hit: true });
      expect(G.regiments.some((r) => r.id === foe)).toBe(false);
    });

    it('an answer to an attack does not: 9, and an 8 misses', () => {
      const { G, mine, foe } = setUp();
      order(G, '0', { kind: 'shoot', shot: null });
      order(G, '1', { kind: 'shoot', shot: { shooter: foe, target: { x: 1, y: 3 } } });
      expect(G.step).toBe('answer');
      expect(legalShots(G, '0')).toEqual([{ shooter: mine, target: { x: 2, y: 3 }, needed: 9 }]);
      // Purple's answer is rolled first (8: a miss), then Red's shot (1: a miss).
      order(G, '0', { kind: 'shoot', shot: { shooter: mine, target: { x: 2, y: 3 } } }, fixedRng([8, 1]));
      expect(G.regiments.some((r) => r.id === foe)).toBe(true);
      const roll = G.log.find((e) => e.t === 'roll' && e.seat === '0');
      expect(roll).toMatchObject({ needed: 9, rolls: [8], hit: false });
    });
  });
});
