/**
 * What the combat panel shows: the live combat from the state, or the last finished one rebuilt from
 * the public log (a combat can roll, lose and end in a single move, so the state alone may never show
 * its dice).
 */
import type { Combat, Faction, FactionView, LogEntry } from '@kon/game';
import { effectDice } from './data';

export interface CardLine {
  card: string;
  faction: Faction;
  side: 'attacker' | 'defender';
  dice: number;
  cancelled: boolean;
  cancels?: string;
}
export interface SideReport {
  factions: Faction[];
  battalions: number;
  battalionDice: number | null;
  cards: CardLine[];
  roll: number[] | null;
  total: number | null;
  /** Sixes this side rolled = losses it inflicts. */
  sixes: number | null;
  lost: number | null;
}
export interface CombatReport {
  live: boolean;
  area: string;
  attacker: Faction;
  step: Combat['step'] | 'done';
  attackerSide: SideReport;
  defenderSide: SideReport;
  groups: { id: string; faction: Faction; from: string | null; route: string; count: number }[];
  winner: 'attacker' | 'defender' | null;
  retreatOptions: string[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const sixes = (xs: number[]) => xs.filter((d) => d === 6).length;

function cancelledSet(played: { card: string; cancels?: string }[]): Set<string> {
  const out = new Set<string>();
  for (let i = played.length - 1; i >= 0; i--) {
    const p = played[i]!;
    if (!out.has(p.card) && p.cancels) out.add(p.cancels);
  }
  return out;
}

export function liveReport(G: FactionView): CombatReport | null {
  const c = G.combat;
  if (!c) return null;
  const cancelled = cancelledSet(c.played);
  const lines = c.played.map<CardLine>((p) => ({
    card: p.card,
    faction: p.faction,
    side: p.side,
    dice: effectDice(p.card, p.effect),
    cancelled: cancelled.has(p.card),
    ...(p.cancels ? { cancels: p.cancels } : {}),
  }));
  const groups = G.attacks.filter((a) => a.target === c.area);
  const defenders = c.defenders;
  const side = (s: 'attacker' | 'defender'): SideReport => {
    const roll = c.roll ? (s === 'attacker' ? c.roll.attacker : c.roll.defender) : null;
    const losses = s === 'attacker' ? c.attackerLosses : c.defenderLosses;
    return {
      factions: s === 'attacker' ? [c.attacker] : defenders,
      battalions:
        s === 'attacker' ? sum(groups.map((g) => g.count)) : sum(defenders.map((f) => G.units[c.area]?.[f] ?? 0)),
      battalionDice: c.roll ? (s === 'attacker' ? c.roll.attackerBattalionDice : c.roll.defenderBattalionDice) : null,
      cards: lines.filter((l) => l.side === s),
      roll,
      total: roll ? sum(roll) : null,
      sixes: roll ? sixes(roll) : null,
      lost: losses ? sum(Object.values(losses)) : null,
    };
  };
  return {
    live: true,
    area: c.area,
    attacker: c.attacker,
    step: c.step,
    attackerSide: side('attacker'),
    defenderSide: side('defender'),
    groups: groups.map((g) => ({ id: g.id, faction: g.faction, from: g.from, route: g.route, count: g.count })),
    winner: c.winner,
    retreatOptions: c.retreat?.options ?? [],
  };
}

/** The most recent finished combat, from the log (only if it ended after the current turn began). */
export function lastCombatFromLog(log: readonly LogEntry[]): CombatReport | null {
  let end = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.event === 'turnStarts') return null;
    if (e.event === 'combatEnds') {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  let start = end;
  while (start >= 0 && log[start]!.event !== 'combatStarts') start--;
  if (start < 0) return null;
  const s = log[start]!;
  const d = (s.data ?? {}) as Record<string, unknown>;
  const attacker = s.faction as Faction;
  const cards: CardLine[] = [];
  let rolled: Record<string, unknown> | null = null;
  let losses: Record<string, unknown> | null = null;
  const cancels: { card: string; by: string }[] = [];
  // Who defended: Germany when it is attacked; otherwise whoever played a defence card or retreated.
  const defenders = new Set<Faction>(attacker === 'germany' ? [] : ['germany']);
  for (let i = start + 1; i < end; i++) {
    const e = log[i]!;
    const ed = (e.data ?? {}) as Record<string, unknown>;
    if (e.event === 'cardPlayed' && e.faction) {
      const card = String(ed.card);
      if (e.faction !== attacker) defenders.add(e.faction);
      cards.push({
        card,
        faction: e.faction,
        side: e.faction === attacker ? 'attacker' : 'defender',
        dice: effectDice(card, Number(ed.effect)),
        cancelled: false,
      });
    } else if (e.event === 'cardCancelled') cancels.push({ card: String(ed.card), by: String(ed.by) });
    else if (e.event === 'combatRolled') rolled = ed;
    else if ((e.event === 'retreated' || e.event === 'noRetreat') && e.faction && e.faction !== attacker) defenders.add(e.faction);
    else if (e.event === 'combatLosses') losses = ed;
  }
  for (const c of cancels) {
    const target = cards.find((x) => x.card === c.card);
    if (target) target.cancelled = true;
    const by = cards.find((x) => x.card === c.by);
    if (by) by.cancels = c.card;
  }
  const endData = (log[end]!.data ?? {}) as Record<string, unknown>;
  const side = (which: 'attacker' | 'defender'): SideReport => {
    const roll = rolled ? ((which === 'attacker' ? rolled.attackerDice : rolled.defenderDice) as number[]) : null;
    const mine = cards.filter((c) => c.side === which);
    const cardDice = sum(mine.filter((c) => !c.cancelled).map((c) => c.dice));
    return {
      factions: which === 'attacker' ? [attacker] : [...defenders],
      battalions: Number(which === 'attacker' ? d.attackers : d.defenders) || 0,
      battalionDice: roll ? Math.max(0, roll.length - cardDice) : null,
      cards: mine,
      roll,
      total: roll ? sum(roll) : null,
      sixes: roll ? sixes(roll) : null,
      lost: losses ? Number(which === 'attacker' ? losses.attackerLost : losses.defenderLost) : null,
    };
  };
  return {
    live: false,
    area: String(d.area),
    attacker,
    step: 'done',
    attackerSide: side('attacker'),
    defenderSide: side('defender'),
    groups: [],
    winner: endData.winner === 'attacker' ? 'attacker' : 'defender',
    retreatOptions: [],
  };
}
