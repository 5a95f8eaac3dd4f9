/**
 * What the combat panel shows: the live combat, or the last finished one of this turn (a combat can
 * roll, lose and end in a single move, so the engine keeps it as `lastCombat`).
 */
import { activeCards, type Combat, type Faction, type FactionView } from '@kon/game';
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
  step: Combat['step'];
  attackerSide: SideReport;
  defenderSide: SideReport;
  groups: { id: string; faction: Faction; from: string | null; route: string; count: number }[];
  winner: 'attacker' | 'defender' | null;
  retreatOptions: string[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const sixes = (xs: number[]) => xs.filter((d) => d === 6).length;

/** The combat being fought, or else the last one fought this turn (the engine keeps it, public). */
export function combatReport(G: FactionView): CombatReport | null {
  const c = G.combat ?? G.lastCombat;
  if (!c) return null;
  const live = c === G.combat;
  const inForce = new Set(activeCards(c).map((p) => p.card));
  const lines = c.played.map<CardLine>((p) => ({
    card: p.card,
    faction: p.faction,
    side: p.side,
    dice: effectDice(p.card, p.effect),
    cancelled: !inForce.has(p.card),
    ...(p.cancels ? { cancels: p.cancels } : {}),
  }));
  const groups = live ? G.attacks.filter((a) => a.target === c.area) : [];
  const side = (s: 'attacker' | 'defender'): SideReport => {
    const roll = c.roll ? (s === 'attacker' ? c.roll.attacker : c.roll.defender) : null;
    const losses = s === 'attacker' ? c.attackerLosses : c.defenderLosses;
    return {
      factions: s === 'attacker' ? [c.attacker] : c.defenders,
      battalions: c.strength[s],
      battalionDice: c.roll ? (s === 'attacker' ? c.roll.attackerBattalionDice : c.roll.defenderBattalionDice) : null,
      cards: lines.filter((l) => l.side === s),
      roll,
      total: roll ? sum(roll) : null,
      sixes: roll ? sixes(roll) : null,
      lost: losses ? sum(Object.values(losses)) : null,
    };
  };
  return {
    live,
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
