/**
 * The random games' checks can fail: each invariant of advanced-invariants.ts is broken on a real
 * game's state and must be reported, by the full check and by the per-action checker alike.
 */
import { describe, it, expect } from 'vitest';
import { playRandomGame } from '../src/testing/random-game.js';
import type { GameState } from '../src/engine/model/state.js';
import { advancedInvariantChecker, brokenAdvancedInvariants } from './advanced-invariants.js';

/** States of one random advanced game: during 9. April with ships at sea, and in an ordinary turn. */
function states(): { april9: GameState; ordinary: GameState } {
  let april9: GameState | null = null;
  let ordinary: GameState | null = null;
  playRandomGame({
    seed: 3,
    setup: { ruleset: 'advanced' },
    maxActions: 20_000,
    afterAction: (G) => {
      if (
        !april9 &&
        G.april9 &&
        // A dummy among them (ships go out by groups: the first may hold none).
        G.ships.some((s) => !s.faceUp && s.owner === 'germany' && s.id.includes('falskt-skip')) &&
        G.april9.hands.allies.length > 0
      )
        april9 = structuredClone(G);
      if (!ordinary && !G.april9 && G.ships.some((s) => !s.faceUp) && G.ships.some((s) => s.faceUp)) ordinary = structuredClone(G);
    },
  });
  return { april9: april9!, ordinary: ordinary! };
}

/** Both ways of checking (from scratch, and the checker after it has read the state once). */
function bothChecks(G: GameState, breakIt: (G: GameState) => void): string[][] {
  const fresh = structuredClone(G);
  breakIt(fresh);
  const byChecker = structuredClone(G);
  const checker = advancedInvariantChecker();
  expect(checker.check(byChecker)).toEqual([]);
  breakIt(byChecker);
  return [brokenAdvancedInvariants(fresh), checker.check(byChecker)];
}

describe('the advanced invariants catch what they promise', () => {
  const { april9, ordinary } = states();
  const hiddenShip = (G: GameState) => G.ships.find((s) => !s.faceUp)!;

  it('hold on the untouched states', () => {
    expect(brokenAdvancedInvariants(april9)).toEqual([]);
    expect(brokenAdvancedInvariants(ordinary)).toEqual([]);
  });

  it('a ship in two places, or lost', () => {
    for (const found of bothChecks(ordinary, (G) => G.shipsGone.sunk.push(G.ships[0]!.id)))
      expect(found.join()).toMatch(/ships not conserved/);
    for (const found of bothChecks(ordinary, (G) => G.ships.pop())) expect(found.join()).toMatch(/ships not conserved/);
  });

  it('a dummy face up', () => {
    const dummy = (G: GameState) => G.ships.find((s) => s.id.includes('falskt-skip'))!;
    for (const found of bothChecks(april9, (G) => (dummy(G).faceUp = true)))
      expect(found.join()).toMatch(/dummy ship.de.falskt-skip-\d face up/);
  });

  it('a 9. April card lost', () => {
    for (const found of bothChecks(april9, (G) => G.april9!.hands.allies.pop()))
      expect(found.join()).toMatch(/allies: 9. April cards not conserved/);
  });

  it('enemy battalions in one area', () => {
    const area = Object.keys(ordinary.units).find((a) => (ordinary.units[a]!.germany ?? 0) > 0)!;
    const breakIt = (G: GameState) => {
      G.units[area]!.norway = 1;
      G.created.norway += 1;
    };
    for (const found of bothChecks(ordinary, breakIt)) expect(found.join()).toMatch(/held by hostile sides at once/);
  });

  it('a face-down ship named in the state every view shares', () => {
    for (const G of [april9, ordinary]) {
      const id = hiddenShip(G).id;
      const [full, checked] = bothChecks(G, (x) => {
        x.lastCombat = { note: id } as never;
      });
      expect(full!.join()).toMatch(new RegExp(`spectator sees hidden ${id}`));
      expect(checked!.join()).toMatch(new RegExp(`every view holds hidden ${id}`));
    }
  });

  it('another faction’s 9. April card in the shared state', () => {
    const card = april9.april9!.hands.allies[0]!;
    for (const found of bothChecks(april9, (G) => G.april9!.used.push(card)))
      expect(found.join()).toMatch(/not conserved|sees hidden|holds hidden/);
  });

  it('a face-down ship named in the log, in a new entry or in an old one about a ship since turned face down', () => {
    const id = hiddenShip(ordinary).id;
    for (const found of bothChecks(ordinary, (G) => G.log.push({ round: G.round, faction: null, event: 'test', data: { ships: [id] } })))
      expect(found.join()).toMatch(new RegExp(`the log names hidden ${id}`));
    // Logged while face up (allowed), then turned face down: the old entry now leaks.
    const up = structuredClone(ordinary);
    const s = hiddenShip(up);
    s.faceUp = true;
    up.log.push({ round: up.round, faction: null, event: 'test', data: { ship: s.id } });
    const checker = advancedInvariantChecker();
    expect(checker.check(up)).toEqual([]);
    s.faceUp = false;
    expect(checker.check(up).join()).toMatch(new RegExp(`the log names hidden ${s.id}`));
  });

  it('a log entry changed after it was written is refused, not overlooked', () => {
    const G = structuredClone(ordinary);
    const checker = advancedInvariantChecker();
    checker.check(G);
    const entry = G.log.find((e) => e.data)!;
    expect(() => {
      entry.data!.ship = hiddenShip(G).id;
    }).toThrow(TypeError);
  });

  it('the whole views are searched every few actions and on request', () => {
    // A secret in a part of the view the per-action search does not read (here: faked into the
    // action-card hands' place) is found by the whole views.
    const G = structuredClone(ordinary);
    const id = hiddenShip(G).id;
    const owner = G.ships.find((s) => s.id === id)!.owner;
    const other = (['germany', 'norway', 'allies'] as const).find((f) => f !== owner)!;
    G.hands[other].push(id);
    const checker = advancedInvariantChecker(3);
    const runs = [checker.check(G), checker.check(G), checker.check(G)].map((r) => r.join());
    expect(runs.filter((r) => r.includes(`${other} sees hidden ${id}`))).toHaveLength(1);
    expect(checker.full(G).join()).toMatch(new RegExp(`${other} sees hidden ${id}`));
  });
});
