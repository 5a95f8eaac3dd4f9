/**
 * The patches each seat receives: applied with rfc6902 (what boardgame.io's client uses) to the view
 * the seat holds, they must give exactly the next view, for every move of whole random games.
 */
import { viewFor, type Faction } from '@kon/game';
import { applyPatch, type Operation } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import { diffJson, jsonLength } from '../src/core/json-diff';
import { diffJson as referenceDiff } from './fixtures/json-diff-reference';
import { playRandomGame } from '../../../packages/game/src/testing/random-game';

const json = <T>(x: T): T => JSON.parse(JSON.stringify(x));

function applied(prev: unknown, ops: ReturnType<typeof diffJson>): unknown {
  const doc = json(prev);
  const results = applyPatch(doc, ops as Operation[]);
  expect(results.filter((r) => r !== null)).toEqual([]);
  return doc;
}

describe('diffJson', () => {
  it.each(['basic', 'advanced'] as const)(
    'turns each view of a random %s game into the next, for every seat and the spectator',
    (ruleset) => {
      const viewers: (Faction | null)[] = ['germany', 'norway', 'allies', null];
      const last = new Map<Faction | null, unknown>();
      let patches = 0;
      const ops = new Set<string>();
      playRandomGame({
        seed: ruleset === 'basic' ? 21 : 22,
        setup: { ruleset },
        // Long enough for combats, the end of 9 April and naval combats; whole games run in updates.test.ts.
        maxActions: 350,
        afterAction: (G) => {
          for (const v of viewers) {
            const view = viewFor(G, v);
            const prev = last.get(v);
            if (prev !== undefined) {
              const patch = diffJson(prev, view);
              patch.forEach((o) => ops.add(o.op));
              expect(applied(prev, patch)).toEqual(json(view));
              patches++;
            }
            last.set(v, json(view));
          }
        },
      });
      expect(patches).toBeGreaterThan(1000);
      // Every kind of operation the differ makes was exercised.
      expect([...ops].sort()).toEqual(['add', 'copy', 'remove', 'replace']);
    },
  );

  it.each(['basic', 'advanced'] as const)(
    'makes, byte for byte, the patches the differ made before it was made cheaper (%s game)',
    (ruleset) => {
      const viewers: (Faction | null)[] = ['germany', 'norway', 'allies', null];
      const last = new Map<Faction | null, unknown>();
      let compared = 0;
      playRandomGame({
        seed: ruleset === 'basic' ? 31 : 32,
        setup: { ruleset },
        maxActions: 350,
        afterAction: (G) => {
          // One publication: the views of one state, their sizes and shared parts' operations shared as the server shares them.
          const sizes = new WeakMap<object, number>();
          const shared = new Map();
          const referenceSizes = new WeakMap<object, number>();
          for (const v of viewers) {
            const view = viewFor(G, v);
            const prev = last.get(v);
            if (prev !== undefined) {
              expect(JSON.stringify(diffJson(prev, view, sizes, shared))).toBe(JSON.stringify(referenceDiff(prev, view, referenceSizes)));
              compared++;
            }
            last.set(v, view);
          }
        },
      });
      expect(compared).toBeGreaterThan(1000);
    },
  );

  it('adds a key named like a member of every object, rather than replacing that member', () => {
    const prev = { a: 1 };
    const next = { a: 1, constructor: 2, toString: { x: 1 } };
    expect(diffJson(prev, next)).toEqual([
      { op: 'add', path: '/constructor', value: 2 },
      { op: 'add', path: '/toString', value: { x: 1 } },
    ]);
    expect(diffJson(next, prev)).toEqual([
      { op: 'remove', path: '/constructor' },
      { op: 'remove', path: '/toString' },
    ]);
  });

  it('copies a large object from a sibling the receiver holds, then corrects it', () => {
    const combat = { area: 'oslo', step: 'roll', dice: [1, 2, 3, 4, 5, 6], played: ['a#1', 'b#2', 'c#3'], note: 'x'.repeat(300) };
    const prev = { combat, lastCombat: null as unknown };
    const next = { combat: null, lastCombat: { ...combat, step: 'done' } };
    const patch = diffJson(prev, next);
    expect(patch[0]).toEqual({ op: 'copy', from: '/combat', path: '/lastCombat' });
    expect(JSON.stringify(patch).length).toBeLessThan(200);
    expect(applied(prev, patch)).toEqual(next);
  });

  it('moves an element of a list as one removal and one addition, and escapes keys', () => {
    const ships = Array.from({ length: 20 }, (_, i) => ({ owner: i < 10 ? 'germany' : 'allies', at: 'III', n: i }));
    const moved = [...ships.slice(0, 3), ...ships.slice(4, 12), ships[3]!, ...ships.slice(12)];
    const prev = { ships, 'a/b~c': 1 };
    const next = { ships: moved, 'a/b~c': 2, gone: undefined };
    const patch = diffJson(prev, next);
    expect(patch).toEqual([
      { op: 'remove', path: '/ships/3' },
      { op: 'add', path: '/ships/11', value: ships[3] },
      { op: 'replace', path: '/a~1b~0c', value: 2 },
    ]);
    expect(applied(prev, patch)).toEqual(json(next));
    expect(diffJson(prev, json(prev))).toEqual([]);
    // The other way round: an element moved towards the front.
    expect(diffJson({ ships: moved }, { ships })).toEqual([
      { op: 'remove', path: '/ships/11' },
      { op: 'add', path: '/ships/3', value: ships[3] },
    ]);
  });
});

describe('jsonLength', () => {
  it('is the length JSON.stringify gives, without building the string', () => {
    const odd = {
      s: 'a"b\\c\n\u2028\ud800',
      n: [1.5, -0, 1e21, Number.NaN, Number.POSITIVE_INFINITY],
      u: undefined,
      f: () => 1,
      d: new Date(0),
    };
    const values: unknown[] = [odd, [undefined, () => 1, null, true, false], { a: { b: [{}, [], ''] } }, 'plain', 7, null];
    playRandomGame({
      seed: 5,
      setup: { ruleset: 'advanced' },
      maxActions: 120,
      afterAction: (G) => void values.push(viewFor(G, 'norway'), G),
    });
    for (const v of values) expect(jsonLength(v, Number.POSITIVE_INFINITY)).toBe(JSON.stringify(v).length);
    // Bounded: above the limit without measuring further, exact at or below it.
    const big = { xs: Array.from({ length: 1000 }, (_, i) => ({ i })) };
    expect(jsonLength(big, 100)).toBeGreaterThan(100);
    expect(jsonLength(big, 1e6)).toBe(JSON.stringify(big).length);
  });
});
