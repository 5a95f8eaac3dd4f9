/**
 * The heuristic player, and Easy, which is that player with EASY_STYLE's weights (Normal starts
 * from the same player with its own weights): one fast decision from the seat's own view and its
 * legal actions. Each kind of decision is delegated to a small module; whatever it answers is checked against the
 * legal list, and anything unanswered falls back to ending the phase or passing (or, when that is
 * not allowed, a seeded choice among the legal actions). Every window is answered.
 */
import type { Faction } from '../types.js';
import type { FactionView } from '../engine/view.js';
import { legalActions } from '../engine/legal.js';
import type { GameState } from '../engine/model/state.js';
import type { Action } from '../engine/actions.js';
import { actor } from '../engine/flow.js';
import type { Rng } from '../engine/kernel/rng.js';
import { seatOf, type BotInput } from './types.js';
import { boardOf, scoreCardMoves, scoreMoves, scorePlacements, type Scored } from './movement.js';
import { EASY_STYLE, type Style } from './style.js';
import { styleNow } from './endgame.js';
import { chooseLosses, chooseRetreat, combatCard } from './combat.js';
import { chooseDiscard, chooseTrade, reaction } from './cards.js';
import { advancedChoice } from './advanced.js';
import { alliedNavy } from './navy.js';
import { add, copyBoard, targetsOf, worth } from './position.js';
import { ALLIED_LANDING } from '../engine/setup.js';
import { withinClock } from './clock.js';

/** The legal actions of the seat, computed from its view alone (see game.ts legalMoves). */
export function legalFromView(view: FactionView): Action[] {
  return legalActions(view as unknown as GameState, seatOf(view));
}
/** The stage the seat acts in, read from its view (actor reads only public state). */
export function stageOf(view: FactionView): string | null {
  const a = actor(view as unknown as GameState);
  return a && a.faction === view.viewer ? a.stage : null;
}

function best(scored: Scored[], rng: Rng): Scored | null {
  let top: Scored[] = [];
  for (const s of scored) {
    if (!top.length || s.gain > top[0]!.gain + 1e-9) top = [s];
    else if (Math.abs(s.gain - top[0]!.gain) <= 1e-9) top.push(s);
  }
  if (!top.length) return null;
  return top.length === 1 ? top[0]! : top[(rng.d6() * 7 + rng.d6()) % top.length]!;
}

function decide(view: FactionView, f: Faction, stage: string, legal: readonly Action[], rng: Rng, style: Style): Action | null {
  const naval = style.alliedNavy ? alliedNavy(view, f, stage, legal) : null;
  if (naval) return naval;
  switch (stage) {
    case 'movement': {
      const move = best([...scoreMoves(view, f, legal, style), ...scoreCardMoves(view, f, legal, style)], rng);
      return move && move.gain > style.minGain ? move.action : null;
    }
    case 'reinforcement': {
      const land = legal.filter((a) => a.type === 'land');
      if (land.length) {
        const b = boardOf(view);
        const targets = targetsOf(b, f);
        return best(
          land.map((a) => {
            const next = copyBoard(b);
            if (a.type === 'land') for (const area of a.args.areas) add(next, area, f, ALLIED_LANDING.perStack);
            return { action: a, gain: worth(next, f, targets, style) };
          }),
          rng,
        )!.action;
      }
      const place = best(scorePlacements(view, f, legal, style), rng);
      if (place) return place.action;
      return (
        chooseTrade(view, legal) ??
        advancedChoice(
          view,
          f,
          stage,
          legal.filter((a) => a.type === 'tradeApril9'),
          rng,
        )
      );
    }
    case 'combat':
      return legal.find((a) => a.type === 'chooseCombat') ?? null;
    case 'attackerCards':
    case 'defenderCards':
    case 'counter':
      return combatCard(view, f, legal, style);
    case 'losses':
      return chooseLosses(view, f, legal, style);
    case 'answerLosses':
      // Refusing hands the choice to Germany: agreeing is never worse for the defenders.
      return legal.find((a) => a.type === 'answerLosses' && a.args.accept) ?? null;
    case 'retreat':
      return chooseRetreat(view, f, legal, style);
    case 'discard':
      return chooseDiscard(legal);
    case 'withdraw': {
      const b = boardOf(view);
      const targets = targetsOf(b, f);
      return (
        best(
          legal.slice(0, 500).map((a) => {
            const next = copyBoard(b);
            if (a.type === 'withdraw') for (const r of a.args.removals) add(next, r.area, f, -r.count);
            return { action: a, gain: worth(next, f, targets, style) };
          }),
          rng,
        )?.action ?? null
      );
    }
    case 'sabotage':
    case 'engineers':
    case 'submarine':
    case 'paratroopers':
      return reaction(view, stage, legal);
    case 'evacuate':
      return null;
  }
  return advancedChoice(view, f, stage, legal, rng);
}

const ENDINGS = ['pass', 'endPhase', 'anchor'] as const;

/** A heuristic player: each decision by its module, positions weighed by `styleOf(faction)`. */
export function heuristicBot(styleOf: (f: Faction) => Style): (input: BotInput) => Action {
  return ({ view, legal: all, rng }) => {
    const f = seatOf(view);
    if (all.length === 0) throw new Error(`no legal action for ${f}`);
    const legal = withinClock(view, f, all);
    const stage = stageOf(view) ?? '';
    const choice = decide(view, f, stage, legal, rng, styleNow(styleOf(f), view));
    if (choice && legal.includes(choice)) return choice;
    const ending = legal.find((a) => (ENDINGS as readonly string[]).includes(a.type));
    if (ending) return ending;
    // Something must be done first (e.g. the Allies' home fleet to place before the movement ends):
    // a seeded choice among the required kind of action, never a card spent for nothing.
    const required = legal.filter((a) => a.type !== 'trade' && a.type !== 'playCard' && a.type !== 'move');
    const pool = required.length ? required : legal;
    return pool[(rng.d6() * 7 + rng.d6()) % pool.length]!;
  };
}

/** The Easy bot: the heuristic player with EASY_STYLE for every faction. */
export const easyBot: (input: BotInput) => Action = heuristicBot(() => EASY_STYLE);

/** Convenience: decide from the view alone (legal actions listed from the same view). */
export function easyDecision(view: FactionView, rng: Rng): Action {
  return easyBot({ view, legal: legalFromView(view), rng });
}
