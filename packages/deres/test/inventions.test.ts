import { describe, expect, it } from 'vitest';
import { buyCost } from '../src/engine/buy.js';
import { findShooter, hitNeeded, topPiece, whyNoShot } from '../src/engine/combat.js';
import { reachable } from '../src/engine/move.js';
import { suppliesOnMap } from '../src/engine/supply.js';
import type { InventionId } from '../src/types.js';
import { act, actors, addFort, addRegiment, buy, fixedRng, order, passUntil, putSupply, table } from './helpers.js';

function withCard(id: InventionId) {
  const G = table({
    nations: ['lilla', 'rod', 'gul'],
    capitals: [
      { x: 0, y: 7 },
      { x: 9, y: 7 },
      { x: 5, y: 0 },
    ],
  });
  G.nations['0']!.inventions = [id];
  G.inventionBag = G.inventionBag.filter((i) => i !== id);
  return G;
}
const used = (G: ReturnType<typeof withCard>, id: InventionId) =>
  G.nations['0']!.used.includes(id) && !G.nations['0']!.inventions.includes(id);
const rest = (G: ReturnType<typeof withCard>, rng = fixedRng([])) => {
  while (actors(G).some((s) => s !== '0')) order(G, actors(G).find((s) => s !== '0')!, null, rng);
};

describe('inventions', () => {
  it('are drawn at the first fourth fort and at the 4th upgrade, at most two', () => {
    const G = table({
      nations: ['lilla', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
    });
    G.nations['0']!.supplies = 10;
    addRegiment(G, '0', { x: 4, y: 4 });
    for (const x of [0, 2, 4]) addFort(G, '0', { x, y: 0 });
    order(G, '0', buy({ forts: [{ x: 5, y: 5 }] }));
    order(G, '1', null);
    expect(G.nations['0']!.inventions).toHaveLength(1);
    expect(G.nations['0']!.unlockedByForts).toBe(true);
  });
  it('I Slott turns a fort into a castle: 3 defence, +3 to neighbours, shoots without reloading, cannot move', () => {
    const G = withCard('I');
    const f = addFort(G, '0', { x: 3, y: 3 });
    const me = addRegiment(G, '0', { x: 4, y: 3 });
    const foe = addRegiment(G, '1', { x: 6, y: 3 });
    order(G, '0', buy({ castle: f }));
    rest(G);
    expect(G.forts[0]).toMatchObject({ castle: true });
    expect(used(G, 'I')).toBe(true);
    expect(G.nations['0']!.fortStock).toBe(4);
    expect(hitNeeded(G, '0', findShooter(G, '0', me)!, { x: 6, y: 3 }, topPiece(G, { x: 6, y: 3 })!).support).toBe(3);
    expect(hitNeeded(G, '1', findShooter(G, '1', foe)!, { x: 3, y: 3 }, topPiece(G, { x: 3, y: 3 })!).defence).toBe(3);
    G.shootingRound = 2;
    G.forts[0]!.firedIn = 1;
    expect(whyNoShot(G, '0', f, { x: 6, y: 3 })).toBeNull();
    // Regiments may pass over a castle for a full point (not the fort's half); the castle itself never walks.
    expect(reachable(G, '0', me, false).get('3,3')?.cost).toBe(1);
    G.nations['0']!.nation = 'gronn';
    expect(reachable(G, '0', f, false).size).toBe(0);
  });
  it('II treasure chest gives 2 supplies at once', () => {
    const G = withCard('II');
    act(G, '0', 'useInvention', { invention: 'II' });
    expect(G.nations['0']!.supplies).toBe(4);
    expect(used(G, 'II')).toBe(true);
    expect(() => act(G, '0', 'useInvention', { invention: 'II' })).toThrow(/do not hold/);
  });
  it('III sniper hits for certain and may aim over enemy pieces', () => {
    const G = withCard('III');
    const s = addRegiment(G, '0', { x: 0, y: 3 });
    addRegiment(G, '1', { x: 1, y: 3 });
    const far = addRegiment(G, '1', { x: 2, y: 3 });
    passUntil(G, 'shoot');
    expect(whyNoShot(G, '0', s, { x: 2, y: 3 })?.code).toBe('no-line-of-sight');
    order(G, '0', { kind: 'shoot', shot: { shooter: s, target: { x: 2, y: 3 }, sniper: true } });
    rest(G, fixedRng([1, 1, 1]));
    expect(G.regiments.some((r) => r.id === far)).toBe(false);
    expect(used(G, 'III')).toBe(true);
  });
  it('IV bombardment rolls every miss again for the rest of the round', () => {
    const G = withCard('IV');
    const s = addRegiment(G, '0', { x: 0, y: 3 });
    const foe = addRegiment(G, '2', { x: 1, y: 3 });
    G.nations['2']!.nation = 'lilla';
    G.nations['0']!.nation = 'gul';
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: s, target: { x: 1, y: 3 } }, bombard: true });
    rest(G, fixedRng([1, 9]));
    expect(G.nations['0']!.bombard).toBe(true);
    expect(G.regiments.some((r) => r.id === foe)).toBe(false);
    expect(G.log.find((e) => e.t === 'roll')).toMatchObject({ rolls: [1, 9], hit: true });
  });
  it('V slaveri places a free fort on any free square', () => {
    const G = withCard('V');
    G.nations['0']!.supplies = 0;
    order(G, '0', buy({ slaveFort: { x: 5, y: 4 } }));
    rest(G);
    expect(G.forts[0]).toMatchObject({ owner: '0', x: 5, y: 4 });
    expect(used(G, 'V')).toBe(true);
  });
  it('VI artillery kills the first, second or third chosen regiment on 1–4, 5–8, 9–12', () => {
    for (const [roll, dead] of [
      [3, 0],
      [6, 1],
      [12, 2],
    ] as const) {
      const G = withCard('VI');
      const ids = [0, 1, 2].map((i) => addRegiment(G, '1', { x: 2 + 2 * i, y: 2 }));
      passUntil(G, 'shoot');
      order(G, '0', { kind: 'shoot', shot: null, artillery: [0, 1, 2].map((i) => ({ x: 2 + 2 * i, y: 2 })) }, fixedRng([roll]));
      rest(G, fixedRng([roll]));
      expect(G.regiments.map((r) => r.id)).toEqual(ids.filter((_, i) => i !== dead));
    }
  });
  it('VII gatherer takes the supplies under own regiments at once', () => {
    const G = withCard('VII');
    addRegiment(G, '0', { x: 3, y: 3 });
    putSupply(G, { x: 3, y: 3 }, 2);
    putSupply(G, { x: 4, y: 3 }, 1);
    act(G, '0', 'useInvention', { invention: 'VII' });
    expect(G.nations['0']!.supplies).toBe(4);
    expect(suppliesOnMap(G)).toBe(1);
  });
  it('VIII conscription gives 2 free regiments placed together', () => {
    const G = withCard('VIII');
    G.nations['0']!.supplies = 0;
    order(
      G,
      '0',
      buy({
        conscripts: [
          { x: 0, y: 6 },
          { x: 1, y: 6 },
        ],
      }),
    );
    rest(G);
    expect(G.regiments.filter((r) => r.owner === '0')).toHaveLength(2);
    expect(G.nations['0']!.pool).toBe(10);
    // They come from the pool: with one regiment left there, a bought one and two conscripts do not fit.
    const H = withCard('VIII');
    H.nations['0']!.pool = 2;
    expect(
      buyCost(
        H,
        '0',
        buy({
          regiments: [{ x: 1, y: 7 }],
          conscripts: [
            { x: 0, y: 6 },
            { x: 1, y: 6 },
          ],
        }),
      ),
    ).toMatchObject({ code: 'no-regiments-left' });
  });
  it('IX explorer gives +1 move and flat step costs this round', () => {
    const G = table({
      nations: ['lilla', 'rod'],
      capitals: [
        { x: 0, y: 3 },
        { x: 5, y: 3 },
      ],
      rows: ['0.3.0.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.'],
    });
    G.nations['0']!.inventions = ['IX'];
    const r = addRegiment(G, '0', { x: 0, y: 0 });
    passUntil(G, 'move');
    expect(reachable(G, '0', r, false).get('1,0')?.cost).toBe(2);
    expect(reachable(G, '0', r, false).has('3,0')).toBe(false);
    expect(reachable(G, '0', r, true).get('1,0')?.cost).toBe(1);
    order(G, '0', { kind: 'move', moves: [{ piece: r, to: { x: 3, y: 0 } }], explorer: true });
    order(G, '1', null);
    expect(G.regiments[0]).toMatchObject({ x: 3, y: 0 });
    expect(G.nations['0']!.used).toEqual(['IX']);
  });
  it('X mustard gas kills every regiment on the squares it touches', () => {
    const G = withCard('X');
    addRegiment(G, '1', { x: 4, y: 4 });
    addRegiment(G, '0', { x: 4, y: 3 });
    addRegiment(G, '2', { x: 6, y: 6 });
    passUntil(G, 'shoot');
    // Roll 1: lands where aimed, and the token lies on to the north.
    order(G, '0', { kind: 'shoot', shot: null, gas: { x: 4, y: 4 } }, fixedRng([1]));
    rest(G, fixedRng([1]));
    expect(G.regiments.map((r) => [r.x, r.y])).toEqual([[6, 6]]);
    expect(used(G, 'X')).toBe(true);
  });
});
