import type { Faction } from '../types.js';
import type { GameState } from '../engine/model/state.js';
import type { Rng } from '../engine/kernel/rng.js';
import { createInitialState, type SetupData } from '../engine/setup.js';
import { actor } from '../engine/flow.js';
import { legalActions } from '../engine/legal.js';
import { perform, type Action } from '../engine/actions.js';
import { seededRng } from './rng.js';

export interface RandomGameOptions {
  seed: number;
  setup?: SetupData;
  /** Start from this state (played on in place) instead of a new game's: e.g. a mid-game advanced position. */
  from?: GameState;
  /** Stop after this many actions (a safety net; a game that needs it has failed to end). */
  maxActions?: number;
  /** Called after every action with the acting faction. */
  afterAction?: (G: GameState, f: Faction, action: Action) => void;
  /** Weigh passing and ending phases lower so that games see more cards and fights. */
  eager?: boolean;
}

export interface RandomGameResult {
  G: GameState;
  actions: number;
  ended: boolean;
}

/** Play a whole game by picking uniformly among legal actions (the bot of last resort). */
export function playRandomGame(opts: RandomGameOptions): RandomGameResult {
  const rng: Rng = seededRng(opts.seed);
  const choose = seededRng(opts.seed ^ 0x9e3779b9);
  const G = opts.from ?? createInitialState(opts.setup, rng);
  const max = opts.maxActions ?? 50_000;
  let actions = 0;
  while (!G.result && actions < max) {
    const a = actor(G);
    if (!a) throw new Error('nobody can act, but the game is not over');
    const legal = legalActions(G, a.faction);
    if (legal.length === 0) throw new Error(`no legal action for ${a.faction} in ${a.stage}`);
    const pick = pickAction(legal, choose, opts.eager ?? true);
    perform(G, a.faction, pick, rng);
    actions++;
    opts.afterAction?.(G, a.faction, pick);
  }
  return { G, actions, ended: !!G.result };
}

function pickAction(legal: Action[], choose: Rng, eager: boolean): Action {
  if (eager) {
    const active = legal.filter((l) => l.type !== 'pass' && l.type !== 'endPhase');
    // Mostly act, sometimes stop: keeps games varied and finite.
    if (active.length > 0 && choose.d6() > 2) return active[Math.floor(rand(choose) * active.length)]!;
  }
  return legal[Math.floor(rand(choose) * legal.length)]!;
}
function rand(r: Rng): number {
  return (r.d6() - 1 + (r.d6() - 1) / 6 + (r.d6() - 1) / 36) / 6;
}
