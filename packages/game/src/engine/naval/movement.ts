/**
 * Naval movement and interception in an ordinary turn (EN 8.1). One task force at a time: it enters
 * a zone; if enemy ships lie there the mover may try to intercept, then the defender; then the
 * ships still free may sail on. The mover's interception ends his movement there and closes the
 * zone to him for the turn.
 */
import type { Faction, SeaZone } from '../../types.js';
import { NAVAL_RULES, isDummy } from '../../cards/advanced.js';
import type { GameState, ShipLocation } from '../model/state.js';
import type { Rng } from '../kernel/rng.js';
import { ensure } from '../kernel/errors.js';
import { log } from '../kernel/log.js';
import type { NavalSide, TaskForce } from '../model/naval.js';
import {
  EIDSVOLL_AND_NORGE,
  canIntercept,
  enemySide,
  mayEnter,
  navalState,
  pieceOf,
  shipsAt,
  sideOfFaction,
  speedOf,
  takeOff,
  zonesNextTo,
} from './ships.js';

/** Land movement has begun this phase: ships no longer sail (naval movement comes first, EN 8). */
export function landMovementBegun(G: GameState): boolean {
  return Object.keys(G.moved).length > 0 || G.attacks.length > 0 || G.invasion;
}

/** Ships of the mover that may start a task force now. */
export function mayStartSailing(G: GameState, f: Faction, id: string): boolean {
  const p = pieceOf(G, id);
  if (!p || p.owner !== f || speedOf(id) === 0) return false;
  if (G.naval?.moved.includes(id)) return false;
  if (p.at === 'raid') return !!G.naval?.recalled;
  return true;
}

/** Check a sailing order: `ships` from one place (or the task force's free ships) into `to`. */
export function checkSail(G: GameState, f: Faction, ships: readonly string[], to: SeaZone): void {
  ensure(new Set(ships).size === ships.length, 'duplicate-ship', 'each ship once');
  const force = G.naval?.force;
  if (force) {
    ensure(force.step === 'continue', 'wrong-time', 'the interceptions in this zone come first');
    const free = sailOnCandidates(force);
    ensure(
      ships.every((id) => free.includes(id)),
      'bad-ship',
      'only ships of this task force that have moved one zone and were not held up sail on',
    );
  } else {
    ensure(
      ships.every((id) => mayStartSailing(G, f, id)),
      'bad-ship',
      'choose your own ships that have not sailed this turn',
    );
  }
  const from = pieceOf(G, ships[0]!)!.at;
  ensure(
    ships.every((id) => pieceOf(G, id)!.at === from),
    'not-together',
    'a task force sets out from one zone',
  );
  ensure(zonesNextTo(from).includes(to), 'not-adjacent', 'ships sail one zone at a time, to a neighbouring zone');
  if (!force)
    ensure(
      !departed(G, from, to),
      'task-force',
      'ships starting in one zone and taking the same route sail as one task force: ships from there have already sailed this way this turn',
    );
  ensure(
    ships.every((id) => mayEnter(pieceOf(G, id)!.owner, to)),
    'wrong-zone',
    'Allied ships may not enter zones I and II',
  );
  ensure(!G.naval?.tried.includes(to), 'zone-closed', 'you have tried to intercept there this turn: the zone is closed to your ships');
}

/**
 * A task force has already set out from `from` into `to` this turn. Ships starting together and
 * taking the same route move as one task force (EN 8.1): a later one from the same place may not
 * take the same first step (it would share that route; docs/rules-decisions.md).
 */
export function departed(G: GameState, from: ShipLocation, to: SeaZone): boolean {
  return (G.naval?.departures ?? []).some((d) => d.from === from && d.to === to);
}

/** Ships of the task force that may sail on: not held up, and not yet at their speed. */
export function sailOnCandidates(force: TaskForce): string[] {
  const steps = force.path.length - 1;
  return force.ships.filter((id) => speedOf(id) > steps);
}

/** Carry out a checked sailing order. */
export function sail(G: GameState, f: Faction, ships: readonly string[], to: SeaZone): void {
  const n = navalState(G);
  const from = pieceOf(G, ships[0]!)!.at;
  if (!n.force) {
    n.force = { owner: f, ships: [...ships], path: [from], step: 'continue' };
    (n.departures ??= []).push({ from, to });
  } else n.force.ships = [...ships];
  for (const id of ships) {
    const p = pieceOf(G, id)!;
    p.at = to;
    // Out of the raid box the ship is one more face-down ship at sea.
    if (from === 'raid') p.faceUp = false;
    if (!n.moved.includes(id)) n.moved.push(id);
  }
  n.force.path.push(to);
  log(G, f, 'shipsSailed', { from, to, count: ships.length });
  advance(G, 'arrived');
}

/**
 * Carry the task force on from a point of its arrival in a zone to the next open decision: the
 * mover's interception, then the defender's, then sailing on (or its end when nothing can sail on).
 */
function advance(G: GameState, from: 'arrived' | 'attacker' | 'defender'): void {
  const n = navalState(G);
  const force = n.force!;
  const zone = force.path[force.path.length - 1] as SeaZone;
  const mover = sideOfFaction(force.owner);
  const defender = enemySide(mover);
  if (from === 'arrived') {
    force.step = 'attackerIntercept';
    if (interceptors(G, zone, mover).length > 0 && enemyShipsIn(G, zone, mover).length > 0 && !n.tried.includes(zone)) return;
  }
  if (from !== 'defender') {
    force.step = 'defenderIntercept';
    if (interceptors(G, zone, defender).length > 0 && enemyShipsIn(G, zone, defender).length > 0) return;
  }
  force.step = 'continue';
  if (sailOnCandidates(force).length === 0) endForce(G);
}

/**
 * Interceptions where ships already lie together, with no movement (the 9. April turn, EN 7.1): the
 * mover may try first, then the other side, as if `owner`'s ships had just arrived in `zone`.
 */
export function openInterception(G: GameState, owner: Faction, zone: SeaZone): void {
  navalState(G).force = { owner, ships: [], path: [zone], step: 'attackerIntercept' };
  advance(G, 'arrived');
}

export function endForce(G: GameState): void {
  const n = navalState(G);
  n.force = null;
}

/** Enemy ships of `side` in the zone that an interception could still draw. */
function enemyShipsIn(G: GameState, zone: SeaZone, side: NavalSide): string[] {
  const drawn = new Set(G.naval?.engagements.find((e) => e.zone === zone)?.intercepted ?? []);
  return shipsAt(G, zone, enemySide(side))
    .map((s) => s.id)
    .filter((id) => !drawn.has(id));
}
/**
 * A side's ships in the zone able to try an interception: never Eidsvoll & Norge, nor dummies. NO 6.1
 * makes the one exception the forced fight when Germany lands from its zone on 9. April (EN/NO 7.2,
 * april9/naval.ts), which is no interception (docs/rules-decisions.md).
 */
function interceptors(G: GameState, zone: SeaZone, side: NavalSide): string[] {
  return shipsAt(G, zone, side)
    .map((s) => s.id)
    .filter((id) => canIntercept(id));
}

/** The side whose interception decision is open, and the zone. */
export function pendingInterception(G: GameState): { side: NavalSide; zone: SeaZone } | null {
  const force = G.naval?.force;
  if (!force || force.step === 'continue') return null;
  const zone = force.path[force.path.length - 1] as SeaZone;
  const mover = sideOfFaction(force.owner);
  return { side: force.step === 'attackerIntercept' ? mover : enemySide(mover), zone };
}

/**
 * One interception attempt by `side` in `zone` (EN 8.1): its ships there turn face up; a die per
 * enemy ship; each 5–6 draws an enemy ship at random. Drawn dummies leave the game; drawn ships
 * lie face up until their combat. With no ship drawn, the interceptors turn face down again.
 * Germany always intercepts Eidsvoll & Norge. Returns the ships drawn (dummies included).
 */
export function attemptInterception(G: GameState, zone: SeaZone, side: NavalSide, rng: Rng): string[] {
  const n = navalState(G);
  const mine = interceptors(G, zone, side);
  for (const id of mine) pieceOf(G, id)!.faceUp = true;
  let targets = enemyShipsIn(G, zone, side);
  const drawn: string[] = [];
  if (side === 'germany' && targets.includes(EIDSVOLL_AND_NORGE)) {
    drawn.push(EIDSVOLL_AND_NORGE);
    targets = targets.filter((id) => id !== EIDSVOLL_AND_NORGE);
  }
  const dice = targets.map(() => rng.d6());
  const hits = dice.filter((d) => NAVAL_RULES.interceptHits.includes(d)).length;
  drawn.push(...rng.shuffle(targets).slice(0, hits));
  let dummies = 0;
  const real: string[] = [];
  for (const id of drawn) {
    if (isDummy(id)) {
      takeOff(G, id, 'removed');
      dummies += 1;
    } else {
      pieceOf(G, id)!.faceUp = true;
      real.push(id);
    }
  }
  if (real.length > 0) {
    let e = n.engagements.find((x) => x.zone === zone);
    if (!e) n.engagements.push((e = { zone, interceptors: [], intercepted: [] }));
    if (!e.interceptors.includes(side)) e.interceptors.push(side);
    e.intercepted.push(...real);
    // Ships that tried and those drawn stay where they are for the rest of the turn.
    for (const id of [...mine, ...real]) if (!n.moved.includes(id)) n.moved.push(id);
  } else {
    // Ships already bound to a combat here (an earlier interception this turn) stay face up.
    const e = n.engagements.find((x) => x.zone === zone);
    const bound = (id: string) => !!e && (e.interceptors.includes(side) || e.intercepted.includes(id));
    for (const id of mine) if (!bound(id)) pieceOf(G, id)!.faceUp = false;
  }
  // Counts only: the ships that stay face up show themselves on the board.
  log(G, side, 'interception', { zone, dice, intercepted: real.length, dummiesRemoved: dummies });
  return drawn;
}

/** The open interception decision is answered. */
export function answerInterception(G: GameState, attempt: boolean, rng: Rng): void {
  const n = navalState(G);
  const force = n.force!;
  const { side, zone } = pendingInterception(G)!;
  const mover = sideOfFaction(force.owner);
  if (attempt) {
    const drawn = attemptInterception(G, zone, side, rng);
    if (side === mover) {
      n.tried.push(zone);
      // The mover's movement ends where he tries to intercept.
      force.ships = [];
    } else force.ships = force.ships.filter((id) => !drawn.includes(id));
  } else log(G, side, 'noInterception', { zone });
  advance(G, side === mover ? 'attacker' : 'defender');
}
