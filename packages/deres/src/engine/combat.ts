/**
 * Who may shoot at what, and the d12 needed: range + defence − hit chance (range 9/13/17/21 for 1–4
 * squares). Works on the state and on a view (only public parts are read).
 */
import { NATIONS } from '../data/nations.js';
import { CASTLE_BONUS, DEFENCE, DOWNHILL_BONUS, FLANK_BONUS, RANGE_TABLE, UPGRADES, UPHILL_DEFENCE } from '../data/upgrades.js';
import type { DeresState, Fort, Pos, Regiment, Seat } from '../types.js';
import { adjacent, capitalAt, dist, fortAt, heightAt, livingCapital, regimentsAt, type Table } from './board.js';
import { nationOf, rulesOf, why, type Nations, type Why } from './kernel.js';
import { lineOfSight } from './los.js';

export type Shooter = { kind: 'regiment'; piece: Regiment } | { kind: 'fort'; piece: Fort };
/** The piece a shot at a square hits: a Green stack's top piece (regiments stand above forts). */
export type TargetPiece = { kind: 'regiment'; piece: Regiment } | { kind: 'fort'; piece: Fort } | { kind: 'capital'; seat: Seat; at: Pos };

export type CombatTable = Table & Nations & Pick<DeresState, 'shootingRound' | 'step'>;

export function findShooter(t: CombatTable, seat: Seat, id: string): Shooter | null {
  const r = t.regiments.find((x) => x.id === id && x.owner === seat);
  if (r) return { kind: 'regiment', piece: r };
  const f = t.forts.find((x) => x.id === id && x.owner === seat);
  return f ? { kind: 'fort', piece: f } : null;
}

/** A regiment, a Red fort or a castle that has not to reload this shooting round. */
export function loaded(t: CombatTable, seat: Seat, s: Shooter): boolean {
  const rules = rulesOf(t, seat);
  if (s.kind === 'fort') return s.piece.castle || rules.fortsShoot;
  if (rules.regimentsNeverReload) return true;
  return s.piece.firedIn === 0 || s.piece.firedIn !== t.shootingRound - 1;
}

export function topPiece(t: Table, p: Pos): TargetPiece | null {
  const r = regimentsAt(t, p)[0];
  if (r) return { kind: 'regiment', piece: r };
  const f = fortAt(t, p);
  if (f) return { kind: 'fort', piece: f };
  const c = capitalAt(t, p);
  if (c !== undefined && livingCapital(t, c)) return { kind: 'capital', seat: c, at: p };
  return null;
}
export function ownerOf(tp: TargetPiece): Seat {
  return tp.kind === 'capital' ? tp.seat : tp.piece.owner;
}

export function maxRange(t: Nations, seat: Seat): number {
  return UPGRADES[nationOf(t, seat).upgrades]!.range;
}

/**
 * The height a shooter counts. A regiment beside its own capital attacks from the capital's height if
 * higher, but only in an attack of its own (a declared shot), not when it answers one.
 */
function shooterHeight(t: CombatTable, seat: Seat, s: Shooter, answer: boolean): number {
  const h = heightAt(t.board, s.piece);
  const cap = livingCapital(t, seat);
  if (s.kind === 'regiment' && !answer && cap && adjacent(cap, s.piece)) return Math.max(h, heightAt(t.board, cap));
  return h;
}

/** Best hit chance an own fort or castle within one square gives a regiment standing on `p`. */
export function supportBonus(t: CombatTable, seat: Seat, p: Pos): number {
  const rules = rulesOf(t, seat);
  let best = 0;
  for (const f of t.forts) {
    if (f.owner !== seat || dist(f, p) > 1) continue;
    best = Math.max(best, f.castle ? CASTLE_BONUS : rules.fortBonus + f.upgrades);
  }
  return best;
}

export function flanked(t: CombatTable, seat: Seat, s: Shooter, target: Pos): boolean {
  // Another own regiment beside the target; for Green that includes one stacked with the shooter.
  return t.regiments.some((r) => r.owner === seat && r.id !== s.piece.id && adjacent(r, target));
}

export interface HitBreakdown {
  squares: number;
  range: number;
  defence: number;
  hitChance: number;
  /** The lowest d12 that hits (1 or less: always; above 12: never). */
  needed: number;
  uphill: boolean;
  downhill: boolean;
  flank: boolean;
  support: number;
}

/**
 * The d12 `seat` needs. `answer`: the shot answers an attack (the answer step), so the capital lends
 * no height. Fort and castle bonuses are for regiments only: a shooting fort or castle has none.
 */
export function hitNeeded(t: CombatTable, seat: Seat, s: Shooter, target: Pos, tp: TargetPiece, answer = false): HitBreakdown {
  const squares = dist(s.piece, target);
  const range = RANGE_TABLE[squares] ?? 99;
  const from = shooterHeight(t, seat, s, answer);
  const to = heightAt(t.board, target);
  // A capital's defence is always 4, so shooting up at it adds nothing; shooting down still helps.
  const uphill = tp.kind !== 'capital' && from < to;
  const downhill = from > to;
  let defence: number;
  if (tp.kind === 'capital') defence = DEFENCE.capital;
  else {
    const owner = tp.piece.owner;
    const up4 = UPGRADES[nationOf(t, owner).upgrades]!.defence;
    if (tp.kind === 'regiment') defence = DEFENCE.regiment + NATIONS[nationOf(t, owner).nation!].regimentDefence + up4;
    else if (tp.piece.castle) defence = DEFENCE.castle + up4;
    else defence = (squares > 1 ? DEFENCE.fortFar : 0) + tp.piece.upgrades + up4;
    if (uphill) defence += UPHILL_DEFENCE;
  }
  const flank = flanked(t, seat, s, target);
  const support = s.kind === 'regiment' ? supportBonus(t, seat, s.piece) : 0;
  const hitChance = UPGRADES[nationOf(t, seat).upgrades]!.hitTotal + (flank ? FLANK_BONUS : 0) + support + (downhill ? DOWNHILL_BONUS : 0);
  return { squares, range, defence, hitChance, needed: range + defence - hitChance, uphill, downhill, flank, support };
}

/** Why `seat` may not aim `shooter` at `target` now, or null if it may. */
export function whyNoShot(t: CombatTable, seat: Seat, shooterId: string, target: Pos, sniper = false): Why | null {
  const s = findShooter(t, seat, shooterId);
  if (!s) return why('no-such-shooter');
  if (s.kind === 'fort' && !s.piece.castle && !rulesOf(t, seat).fortsShoot) return why('forts-cannot-shoot');
  if (!loaded(t, seat, s)) return why('must-reload');
  const tp = topPiece(t, target);
  if (!tp || ownerOf(tp) === seat) return why('no-enemy-there', { at: `${target.x},${target.y}` });
  const d = dist(s.piece, target);
  if (d < 1 || d > maxRange(t, seat)) return why('out-of-range');
  if (tp.kind === 'capital' && (s.kind !== 'regiment' || d !== 1)) return why('capital-range');
  const sight = lineOfSight(t, s.piece, target, { seat, indirect: UPGRADES[nationOf(t, seat).upgrades]!.indirect, ignoreEnemies: sniper });
  if (!sight.clear) return why('no-line-of-sight', { blocker: sight.blockedBy!.why });
  return null;
}

export interface ShotOption {
  shooter: string;
  target: Pos;
  needed: number;
}

/** Every shot `seat` could give now (with the sniper's aim over enemy pieces if asked); in the answer step, as answers. */
export function legalShots(t: CombatTable, seat: Seat, sniper = false): ShotOption[] {
  const answer = t.step === 'answer';
  return Array.from(aimable(t, seat, sniper), ({ s, p }) => ({
    shooter: s.piece.id,
    target: { x: p.x, y: p.y },
    needed: hitNeeded(t, seat, s, p, topPiece(t, p)!, answer).needed,
  }));
}

/** Whether `seat` may give any shot now: stops at the first (the listing checks every pair). */
export function canAim(t: CombatTable, seat: Seat): boolean {
  return !aimable(t, seat, false).next().done;
}

/** The shooter and target of each shot `seat` may give now, each pair once. */
function* aimable(t: CombatTable, seat: Seat, sniper: boolean): Generator<{ s: Shooter; p: Pos }> {
  const range = maxRange(t, seat);
  const shooters: Shooter[] = [
    ...t.regiments.filter((r) => r.owner === seat).map((piece) => ({ kind: 'regiment' as const, piece })),
    ...t.forts.filter((f) => f.owner === seat).map((piece) => ({ kind: 'fort' as const, piece })),
  ];
  const targets = new Map<string, Pos>();
  for (const r of t.regiments) if (r.owner !== seat) targets.set(`${r.x},${r.y}`, r);
  for (const f of t.forts) if (f.owner !== seat) targets.set(`${f.x},${f.y}`, f);
  for (const [c, cap] of Object.entries(t.capitals)) if (c !== seat && cap && !cap.destroyed) targets.set(`${cap.x},${cap.y}`, cap);
  const seen = new Set<string>();
  for (const s of shooters)
    for (const p of targets.values()) {
      const k = `${s.piece.id}@${p.x},${p.y}`;
      if (seen.has(k) || dist(s.piece, p) > range) continue;
      seen.add(k);
      if (whyNoShot(t, seat, s.piece.id, p, sniper) === null) yield { s, p };
    }
}

/** The highest face of the die: a shot needing more can never hit. */
export const D12 = 12;

/**
 * The shots worth offering a player: those that can hit (the roll needed is on the d12), or, with the
 * sniper's sure hit, every shot the sniper may give.
 */
export function offeredShots(t: CombatTable, seat: Seat, sniper = false): ShotOption[] {
  return sniper ? legalShots(t, seat, true) : legalShots(t, seat).filter((s) => s.needed <= D12);
}
