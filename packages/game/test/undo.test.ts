// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Undo (engine/undo.ts): a faction takes back its own decisions back to the last barrier, and the
 * state after an undo is exactly the state before the decision, byte for byte.
 */
import { describe, it, expect } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { Faction } from '../src/types.js';
import { PLAYER_OF_FACTION } from '../src/types.js';
import type { GameState } from '../src/engine/model/state.js';
import { createInitialState } from '../src/engine/setup.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { parseAction, type Action } from '../src/engine/actions.js';
import { viewFor, hiddenFrom } from '../src/engine/view.js';
import { canUndo, performUndoable, undone, type BarrierReason } from '../src/engine/undo.js';
import { RuleError } from '../src/engine/kernel/errors.js';
import { seededRng, forcedDice } from '../src/testing/rng.js';
import { KampenOmNorge, checkMove } from '../src/game.js';

const json = (G: unknown) => JSON.stringify(G);
const act = (G: GameState, f: Faction, type: string, args: unknown = {}) => performUndoable(G, f, parseAction(type, args), forcedDice([]));
function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleError) return e.code;
    throw e;
  }
  return undefined;
}

describe('undo in the engine', () => {
  it('takes back movements one by one, restoring the exact earlier state each time', () => {
    const G = createInitialState({ ruleset: 'basic' }, forcedDice([]));
    const states = [json(G)];
    for (let i = 0; i < 3; i++) {
      const m = legalActions(G, 'germany').find((a) => a.type === 'move')!;
      expect(performUndoable(G, 'germany', m, forcedDice([]))).toBeNull();
      states.push(json(G));
    }
    expect(G.undo?.actions).toHaveLength(3);
    let now: GameState = G;
    for (let i = 2; i >= 0; i--) {
      expect(canUndo(now, 'germany')).toBe(true);
      now = undone(now, 'germany');
      // The whole state: units, moved counts, the log batch and logBase, and the shorter trail.
      expect(now).toStrictEqual(JSON.parse(states[i]!));
    }
    expect(canUndo(now, 'germany')).toBe(false);
    expect(refusal(() => undone(now, 'germany'))).toBe('nothing-to-undo');
  });

  it("refuses to take back another faction's decision", () => {
    const G = createInitialState({ ruleset: 'basic' }, forcedDice([]));
    act(G, 'germany', 'move', legalActions(G, 'germany').find((a) => a.type === 'move')!.args);
    expect(canUndo(G, 'norway')).toBe(false);
    expect(refusal(() => undone(G, 'norway'))).toBe('not-yours');
    expect(checkMove(G, PLAYER_OF_FACTION.norway, 'undo', [{}])?.code).toBe('not-yours');
    expect(checkMove(G, PLAYER_OF_FACTION.germany, 'undo', [{}])).toBeNull();
    expect(checkMove(G, PLAYER_OF_FACTION.germany, 'undo', [{ steps: 2 }])?.code).toBe('bad-arguments');
  });

  it('ends the trail when the turn passes to another faction', () => {
    const G = createInitialState({ ruleset: 'basic' }, forcedDice([]));
    act(G, 'germany', 'move', legalActions(G, 'germany').find((a) => a.type === 'move')!.args);
    // Germany's movement ends; whoever acts next (Norway's sabotage window or Germany's combat), a
    // barrier follows at the latest when the dice roll.
    let reason: BarrierReason | null = null;
    let guard = 0;
    const rng = seededRng(3);
    while (!reason && guard++ < 50) {
      const a = actor(G)!;
      const next =
        legalActions(G, a.faction).find((x) => x.type === 'endPhase' || x.type === 'pass' || x.type === 'chooseCombat') ??
        legalActions(G, a.faction)[0]!;
      reason = performUndoable(G, a.faction, next, rng);
    }
    expect(reason).not.toBeNull();
    expect(G.undo).toBeUndefined();
    expect(canUndo(G, 'germany')).toBe(false);
  });

  /**
   * Whole random games, basic and advanced: after every decision that may be taken back, undo gives
   * exactly the state before it; after every barrier nothing may be taken back, and each kind of barrier
   * really happens (dice, cards seen, another faction's window).
   */
  for (const [ruleset, seed] of [
    ['basic', 11],
    ['advanced', 12],
  ] as const) {
    it(`undo is exact and barriers hold through a random ${ruleset} game`, () => {
      const rng = seededRng(seed);
      const choose = seededRng(seed * 7);
      const G = createInitialState({ ruleset }, rng);
      const seen: Record<BarrierReason | 'undoable', number> = { chance: 0, revealed: 0, handover: 0, over: 0, undoable: 0 };
      for (let n = 0; n < 1500 && !G.result; n++) {
        const a = actor(G)!;
        const legal = legalActions(G, a.faction);
        const pick: Action = legal[Math.floor((((choose.d6() - 1) * 6 + choose.d6() - 1) / 36) * legal.length)]!;
        const before = json(G);
        const viewers = ['germany', 'norway', 'allies', null] as const;
        const hiddenBefore = viewers.map((v) => hiddenFrom(G, v));
        let rolled = false;
        const watched = { d6: () => ((rolled = true), rng.d6()), shuffle: <T>(xs: T[]) => ((rolled = true), rng.shuffle(xs)) };
        const reason = performUndoable(G, a.faction, pick, watched);
        seen[reason ?? 'undoable']++;
        if (reason === null) {
          expect(rolled).toBe(false);
          expect(actor(G)?.faction).toBe(a.faction);
          viewers.forEach((v, i) => {
            const now = new Set(hiddenFrom(G, v));
            expect(hiddenBefore[i]!.filter((id) => !now.has(id))).toEqual([]);
          });
          expect(undone(G, a.faction)).toStrictEqual(JSON.parse(before));
        } else {
          if (reason === 'chance') expect(rolled).toBe(true);
          expect(canUndo(G, a.faction)).toBe(false);
          expect(refusal(() => undone(G, a.faction))).toBe('nothing-to-undo');
        }
        // The trail never reaches a view.
        if (G.undo) for (const v of viewers) expect(viewFor(G, v)).not.toHaveProperty('undo');
      }
      expect(seen.undoable).toBeGreaterThan(20);
      expect(seen.chance).toBeGreaterThan(5);
      expect(seen.revealed).toBeGreaterThan(2);
      expect(seen.handover).toBeGreaterThan(5);
    }, 120_000);
  }
});

describe('undo through boardgame.io', () => {
  it('the undo move restores the state and the log; other seats see the move vanish', () => {
    const game = { ...KampenOmNorge, seed: 'undo' };
    const multiplayer = Local();
    const [germany, norway] = ['0', '1'].map((playerID) => Client({ game, multiplayer, playerID, matchID: 'undo', debug: false }));
    const spectator = Client({ game, multiplayer, matchID: 'undo', debug: false });
    for (const c of [germany!, norway!, spectator]) c.start();
    const G0 = germany!.getState()!.G as any;
    expect(G0.canUndo).toBeUndefined();
    const before = json(spectator.getState()!.G);
    const move = legalActions(G0 as GameState, 'germany').find((a) => a.type === 'move')!;
    germany!.moves.move!(move.args);
    expect((germany!.getState()!.G as any).canUndo).toBe(true);
    expect((norway!.getState()!.G as any).canUndo).toBeUndefined();
    expect(json(spectator.getState()!.G)).not.toBe(before);
    expect(json(spectator.getState()!.G)).not.toContain('"undo"');
    // Another seat cannot take it back.
    norway!.moves.undo!({});
    expect((germany!.getState()!.G as any).canUndo).toBe(true);
    germany!.moves.undo!({});
    expect(spectator.getState()!.G).toStrictEqual(JSON.parse(before));
    expect((germany!.getState()!.G as any).canUndo).toBeUndefined();
    // Nothing left to undo: refused, nothing changes.
    const id = germany!.getState()!._stateID;
    germany!.moves.undo!({});
    expect(germany!.getState()!._stateID).toBe(id);
  });
});
