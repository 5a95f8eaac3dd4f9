/**
 * Complete games between computer players through the engine's `perform`: each seat is Easy, Normal
 * or random. A bot seat is handed only viewFor(G, seat) and the legal actions listed from that view.
 */
import { FACTIONS, type Faction } from '../types.js';
import type { GameState, Ruleset } from '../engine/model/state.js';
import type { Scenario } from '../scenarios/schema.js';
import { createInitialState } from '../engine/setup.js';
import { actor } from '../engine/flow.js';
import { legalActions } from '../engine/legal.js';
import { perform, type Action } from '../engine/actions.js';
import { viewFor } from '../engine/view.js';
import { BOTS } from '../bots/index.js';
import type { Bot, SearchBudget } from '../bots/types.js';
import { keyedRng, seededRng } from './rng.js';

/** A seat's player: a named strength, random play, or any bot function (a style being tuned). */
export type Player = 'easy' | 'normal' | 'random' | Bot;

export interface BotGameOptions {
  seed: number;
  ruleset: Ruleset;
  /** A scenario to play instead of the full game (its own ruleset then applies). */
  scenario?: Scenario;
  seats: Record<Faction, Player>;
  maxActions?: number;
  afterAction?: (G: GameState, f: Faction, action: Action, before: GameState | null) => void;
  /** Hand afterAction a copy of the state before each bot action (for tests that compare). */
  keepBefore?: boolean;
  /** The Normal seats' budget per decision (default: DEFAULT_BUDGET). */
  budget?: SearchBudget;
  /**
   * 'keyed': each roll drawn by where it happens (keyedRng), so games of different players on the
   * same seed share their battles' dice (npm run balance, tune-style); default one seeded stream.
   */
  dice?: 'stream' | 'keyed';
}

/**
 * How well `f`'s side did in a finished game, in victory cities: the German cities at the end (more
 * is better for Germany, fewer for Norway and the Allies), and ten for a win. A win always scores
 * above a loss, and the cities rank games of the same result (npm run balance, npm run tune-style).
 */
export function sideScore(outcome: { germany: boolean; cities: number }, f: Faction): number {
  const german = f === 'germany';
  return (german ? outcome.cities : -outcome.cities) + (outcome.germany === german ? 10 : 0);
}

/** Where a roll happens, for keyedRng: the turn, its phase, and the battle (land or sea) under way. */
export function rollSite(G: GameState): string {
  return `${G.round}/${G.turn}/${G.phase}/${G.combat?.area ?? ''}/${G.naval ? 'naval' : ''}`;
}

/** Time the bot seats of one strength (bot functions count as Normal) took to decide (view, listing and choice), in milliseconds. */
export interface EasyTiming {
  decisions: number;
  totalMs: number;
  maxMs: number;
}

export function playBotGame(opts: BotGameOptions): { G: GameState; actions: number; ended: boolean; easy: EasyTiming; normal: EasyTiming } {
  const easy: EasyTiming = { decisions: 0, totalMs: 0, maxMs: 0 };
  const normal: EasyTiming = { decisions: 0, totalMs: 0, maxMs: 0 };
  let G: GameState | undefined;
  const dice = opts.dice === 'keyed' ? keyedRng(opts.seed, () => (G ? rollSite(G) : 'setup')) : seededRng(opts.seed);
  const choose = seededRng(opts.seed ^ 0x9e3779b9);
  const botRng = Object.fromEntries(FACTIONS.map((f, i) => [f, seededRng(opts.seed * 31 + i + 7)])) as Record<
    Faction,
    ReturnType<typeof seededRng>
  >;
  G = createInitialState(opts.scenario ? { scenario: opts.scenario } : { ruleset: opts.ruleset }, dice);
  const max = opts.maxActions ?? 20_000;
  let actions = 0;
  while (!G.result && actions < max) {
    const a = actor(G);
    if (!a) throw new Error('nobody can act, but the game is not over');
    let pick: Action;
    let before: GameState | null = null;
    const seat = opts.seats[a.faction];
    if (seat !== 'random') {
      if (opts.keepBefore) before = structuredClone(G);
      const t0 = performance.now();
      const view = viewFor(G, a.faction);
      const legal = legalActions(view as unknown as GameState, a.faction);
      pick = (typeof seat === 'function' ? seat : BOTS[seat])({
        view,
        legal,
        rng: botRng[a.faction],
        ...(opts.budget ? { budget: opts.budget } : {}),
      });
      const ms = performance.now() - t0;
      const timing = seat === 'easy' ? easy : normal;
      timing.decisions++;
      timing.totalMs += ms;
      timing.maxMs = Math.max(timing.maxMs, ms);
    } else {
      const legal = legalActions(G, a.faction);
      const active = legal.filter((l) => l.type !== 'pass' && l.type !== 'endPhase');
      pick =
        active.length > 0 && choose.d6() > 2
          ? active[Math.floor(unit(choose) * active.length)]!
          : legal[Math.floor(unit(choose) * legal.length)]!;
    }
    perform(G, a.faction, pick, dice);
    actions++;
    opts.afterAction?.(G, a.faction, pick, before);
  }
  return { G, actions, ended: !!G.result, easy, normal };
}
function unit(r: ReturnType<typeof seededRng>): number {
  return (r.d6() - 1 + (r.d6() - 1) / 6 + (r.d6() - 1) / 36) / 6;
}
