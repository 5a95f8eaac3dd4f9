/**
 * Moves and placements: the bot takes the legal one that raises `worth` the most, and only when it
 * raises it by more than the style's minGain; otherwise it ends the phase. Because every voluntary step must
 * strictly improve one fixed evaluation of the board, a turn cannot go round in circles (no
 * battalions shuffled back and forth) and the bot never makes a move it does not expect to help.
 */
import type { AreaId, Faction } from '../types.js';
import { borderKind } from '../board/index.js';
import type { FactionView } from '../engine/view.js';
import type { Action } from '../engine/actions.js';
import { add, copyBoard, friendsOf, n, targetsOf, worth, type Board } from './position.js';
import { cardDef } from '../cards/index.js';
import { enemiesOf } from '../types.js';
import { EASY_STYLE, type Style } from './style.js';
import { goalOf } from './goal.js';

/** The view's board, with what the sides play for read from its scenario (goal.ts). */
export const boardOf = (view: FactionView): Board => ({ units: view.units, attacks: view.attacks, goal: goalOf(view.scenario) });

/** The board after `f` moves `k` battalions from `from` to `to` (an attack when enemies hold `to`). */
export function afterMove(b: Board, f: Faction, from: AreaId, to: AreaId, k: number): Board {
  const next = copyBoard(b);
  add(next, from, f, -k);
  if (enemiesOf(f).some((e) => n(next, to, e) > 0)) {
    const id = `${f}:${from}>${to}`;
    const route = borderKind(from, to) === 'fjord' ? 'fjord' : 'land';
    const existing = next.attacks.find((x) => x.id === id);
    if (existing) existing.count += k;
    else next.attacks.push({ id, faction: f, target: to, from, route, count: k });
  } else add(next, to, f, k);
  return next;
}

/** The board after `k` new battalions of `f` arrive in `area`. */
export function afterPlace(b: Board, f: Faction, area: AreaId, k: number): Board {
  const next = copyBoard(b);
  add(next, area, f, k);
  return next;
}

export interface Scored {
  action: Action;
  gain: number;
}

/** Gains of the legal ordinary land moves (movement cards: scoreCardMoves). */
export function scoreMoves(view: FactionView, f: Faction, legal: readonly Action[], style: Style = EASY_STYLE): Scored[] {
  const b = boardOf(view);
  const targets = targetsOf(b, f);
  const base = worth(b, f, targets, style);
  const out: Scored[] = [];
  for (const a of legal) {
    if (a.type !== 'move') continue;
    const { from, to, count } = a.args;
    out.push({ action: a, gain: worth(afterMove(b, f, from, to, count), f, targets, style) - base });
  }
  return out;
}

/** Gains of placing one battalion in each legal area (the bot places one at a time). */
export function scorePlacements(view: FactionView, f: Faction, legal: readonly Action[], style: Style = EASY_STYLE): Scored[] {
  const b = boardOf(view);
  const targets = targetsOf(b, f);
  const base = worth(b, f, targets, style);
  const out: Scored[] = [];
  for (const a of legal) {
    if (a.type !== 'place' || a.args.count !== 1) continue;
    // A reinforcement always counts for something: placing beats leaving it unplaced.
    out.push({ action: a, gain: worth(afterPlace(b, f, a.args.area, 1), f, targets, style) - base + 0.01 * friendsOf(f).length });
  }
  return out;
}

/** What a movement card costs the bot: it could have bought part of a battalion or won a fight. */
export const CARD_COST = 1;

/** The board after a movement card (Fallskjermtropp, Rask forflytning, Transportfly's airlift, sjøtransport), or null for other cards. */
export function afterCardMove(b: Board, f: Faction, a: Action): Board | null {
  if (a.type !== 'playCard') return null;
  const kind = cardDef(a.args.card).effects[a.args.effect]?.kind;
  const { from, via, to, count } = a.args;
  switch (kind) {
    case 'paradrop': {
      if (!to) return null;
      const next = copyBoard(b);
      if (enemiesOf(f).some((e) => n(next, to, e) > 0))
        next.attacks.push({ id: `${f}:air>${to}`, faction: f, target: to, from: null, route: 'air', count: 1 });
      else add(next, to, f, 1);
      return next;
    }
    case 'rapidMove': {
      if (!from || !via || !to || !count) return null;
      const next = copyBoard(b);
      add(next, from, f, -count);
      add(next, via, f, count);
      return afterMove(next, f, via, to, count);
    }
    case 'airlift':
    case 'seaMove':
      return from && to && count ? afterPlace(afterPlace(b, f, from, -count), f, to, count) : null;
  }
  return null;
}

/** Gains of the legal movement-card plays, less the card's cost. */
export function scoreCardMoves(view: FactionView, f: Faction, legal: readonly Action[], style: Style = EASY_STYLE): Scored[] {
  const b = boardOf(view);
  const targets = targetsOf(b, f);
  const base = worth(b, f, targets, style);
  const out: Scored[] = [];
  for (const a of legal) {
    const next = afterCardMove(b, f, a);
    if (next) out.push({ action: a, gain: worth(next, f, targets, style) - base - CARD_COST });
  }
  return out;
}
