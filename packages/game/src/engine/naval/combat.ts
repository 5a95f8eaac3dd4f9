/**
 * Naval combat (EN 8.2), fought before the land combats of the combat phase: which ships fight,
 * the card windows, the rolls (strongest ship first, a random enemy ship struck each time), sinking
 * with its voided cards, chasing, and the survivors turned face down again.
 */
import type { SeaZone } from '../../types.js';
import { cardDef, combatType, effectsOf, type CardInstanceId } from '../../cards/index.js';
import { isDummy, navalRollResult, ship, shipTypeOf } from '../../cards/advanced.js';
import type { GameState } from '../model/state.js';
import type { Rng } from '../kernel/rng.js';
import { log } from '../kernel/log.js';
import type { NavalCombat, NavalRoll, NavalSide } from '../model/naval.js';
import {
  EIDSVOLL_AND_NORGE,
  enemySide,
  mayEnter,
  navalState,
  pieceOf,
  shipsAt,
  sideOfFaction,
  strongestFirst,
  takeOff,
  turnFaceDown,
  voidFromDeck,
  voidsFor,
  zonesNextTo,
} from './ships.js';

/** Naval combats are due (the combat phase begins with them): start one, or wait for the order. */
export function startNavalCombats(G: GameState): boolean {
  const n = G.naval;
  if (!n || n.engagements.length === 0) return false;
  if (n.engagements.length === 1) beginNavalCombat(G, n.engagements[0]!.zone);
  return true;
}

/** The side whose turn it is attacks at sea. */
export function navalAttacker(G: GameState): NavalSide {
  return sideOfFaction(G.turn);
}

/** Set up the combat in `zone`: who fights (EN 8.2), and who may still add ships. */
export function beginNavalCombat(G: GameState, zone: SeaZone): void {
  const n = navalState(G);
  const e = n.engagements.find((x) => x.zone === zone)!;
  const attacker = navalAttacker(G);
  const ships: Record<NavalSide, string[]> = { germany: [], allies: [] };
  const volunteers: NavalSide[] = [];
  for (const side of [attacker, enemySide(attacker)]) {
    // Dummies are no ships: they neither fight nor are fought, and stay face down (rules-decisions).
    const here = shipsAt(G, zone, side)
      .map((s) => s.id)
      .filter((id) => !isDummy(id));
    if (e.interceptors.includes(side)) ships[side] = here;
    else {
      ships[side] = here.filter((id) => e.intercepted.includes(id) || id === EIDSVOLL_AND_NORGE);
      if (ships[side].length > 0 && here.some((id) => !ships[side].includes(id))) volunteers.push(side);
    }
  }
  openNavalCombat(G, zone, ships, volunteers);
}

/**
 * A naval combat whose sides are set by the rules, not by interception: on 9. April the German ships
 * landing from Eidsvoll & Norge's zone fight it first (EN/NO 7.2). Nobody adds ships.
 */
export function beginSetNavalCombat(G: GameState, zone: SeaZone, ships: Record<NavalSide, string[]>): void {
  openNavalCombat(G, zone, ships, []);
}

function openNavalCombat(G: GameState, zone: SeaZone, ships: Record<NavalSide, string[]>, volunteers: NavalSide[]): void {
  const n = navalState(G);
  const attacker = navalAttacker(G);
  const c: NavalCombat = {
    zone,
    attacker,
    step: 'volunteer',
    volunteers,
    ships: { germany: strongestFirst(ships.germany), allies: strongestFirst(ships.allies) },
    played: [],
    rolls: [],
    sunk: [],
    chased: [],
    germanVoidable: 0,
    voided: {},
  };
  n.combat = c;
  for (const id of [...c.ships.germany, ...c.ships.allies]) pieceOf(G, id)!.faceUp = true;
  if (c.ships.germany.length === 0 || c.ships.allies.length === 0) {
    // One side is gone (a drawn ship was chased away by an earlier combat): nothing to fight.
    finishNavalCombat(G);
    return;
  }
  log(G, G.turn, 'navalCombat', { zone, germany: c.ships.germany.length, allies: c.ships.allies.length });
  if (c.volunteers.length === 0) c.step = 'attackerCards';
}

/** The owner of intercepted ships adds (some of) its other ships in the zone, or none. */
export function commitShips(G: GameState, ids: readonly string[]): void {
  const c = G.naval!.combat!;
  const side = c.volunteers.shift()!;
  for (const id of ids) pieceOf(G, id)!.faceUp = true;
  c.ships[side] = strongestFirst([...c.ships[side], ...ids]);
  if (ids.length > 0) log(G, side, 'shipsCommitted', { zone: c.zone, count: ids.length });
  if (c.volunteers.length === 0) c.step = 'attackerCards';
}
/** Ships a side could still add to the combat. */
export function volunteerOptions(G: GameState): string[] {
  const c = G.naval?.combat;
  if (c?.step !== 'volunteer') return [];
  const side = c.volunteers[0]!;
  return shipsAt(G, c.zone, side)
    .map((s) => s.id)
    .filter((id) => !c.ships[side].includes(id) && !isDummy(id));
}

// ---------------------------------------------------------------- cards

/** Played cards still in force (a later cancel voids its target). */
export function activeNavalCards(c: NavalCombat): NavalCombat['played'] {
  const cancelled = new Set<string>();
  for (let i = c.played.length - 1; i >= 0; i--) {
    const p = c.played[i]!;
    if (!cancelled.has(p.card) && p.cancels) cancelled.add(p.cancels);
  }
  return c.played.filter((p) => !cancelled.has(p.card));
}
export function navalTypeTaken(c: NavalCombat, side: 'attacker' | 'defender', card: CardInstanceId, effect: number): boolean {
  const type = combatType(cardDef(card), effect);
  return c.played.some((p) => p.side === side && combatType(cardDef(p.card), p.effect) === type);
}

/** Attacker's cards are in: the defender's window. */
export function afterAttackerCards(G: GameState): void {
  G.naval!.combat!.step = 'defenderCards';
}
/** Defender's cards are in: the counter window when there is something to counter, else the dice. */
export function afterDefenderCards(G: GameState, rng: Rng): void {
  const c = G.naval!.combat!;
  const defenderCancels = activeNavalCards(c).some((p) => p.side === 'defender' && effectsOf(p.card)[p.effect]?.kind === 'cancel');
  if (defenderCancels) c.step = 'counter';
  else rollNaval(G, rng);
}

// ---------------------------------------------------------------- dice

/** The enemy ship a result strikes: Germany sinks Eidsvoll & Norge before any other (EN 8.2 step 6). */
function drawTarget(
  _G: GameState,
  c: NavalCombat,
  side: NavalSide,
  result: 'sink' | 'chase',
  struck: Set<string>,
  rng: Rng,
): string | null {
  const open = c.ships[enemySide(side)].filter((id) => !struck.has(id));
  if (open.length === 0) return null;
  if (side === 'germany' && result === 'sink' && open.includes(EIDSVOLL_AND_NORGE)) return EIDSVOLL_AND_NORGE;
  return rng.shuffle(open)[0]!;
}

function rollSide(G: GameState, c: NavalCombat, side: NavalSide, struck: Set<string>, rng: Rng): void {
  const role = side === c.attacker ? 'attacker' : 'defender';
  const shooters: { by: string; result: (d: number) => 'sink' | 'chase' | null }[] = [
    ...c.ships[side].map((id) => ({ by: id, result: (d: number) => navalRollResult(id, d) })),
    ...activeNavalCards(c)
      .filter((p) => p.side === role)
      .flatMap((p) => {
        const e = effectsOf(p.card)[p.effect];
        return e?.kind === 'navalSink' ? [{ by: p.card, result: (d: number) => (e.hits.includes(d) ? ('sink' as const) : null) }] : [];
      }),
  ];
  for (const s of shooters) {
    // With every enemy ship struck there is nothing left to roll for (Example 4, step 5).
    if (c.ships[enemySide(side)].every((id) => struck.has(id))) return;
    const die = rng.d6();
    const result = s.result(die);
    const target = result ? drawTarget(G, c, side, result, struck, rng) : null;
    if (target) {
      struck.add(target);
      // Eidsvoll & Norge is too slow to escape: chased is sunk.
      if (result === 'sink' || shipTypeOf(target).sunkWhenChased) c.sunk.push(target);
      else c.chased.push(target);
    }
    const roll: NavalRoll = { side, by: s.by, die, result, target };
    c.rolls.push(roll);
  }
}

/** Steps 4–6: the attacker's dice, the defender's (struck ships still shoot), then the sunk leave. */
export function rollNaval(G: GameState, rng: Rng): void {
  const c = G.naval!.combat!;
  const struck = new Set<string>();
  rollSide(G, c, c.attacker, struck, rng);
  rollSide(G, c, enemySide(c.attacker), struck, rng);
  log(G, G.turn, 'navalRolled', {
    zone: c.zone,
    germanDice: c.rolls.filter((r) => r.side === 'germany').map((r) => r.die),
    alliedDice: c.rolls.filter((r) => r.side === 'allies').map((r) => r.die),
    sunk: c.sunk.length,
    chased: c.chased.length,
  });
  let germanVoids = 0;
  let alliedVoids = 0;
  for (const id of c.sunk) {
    const owner = ship(id).faction;
    takeOff(G, id, 'sunk');
    (G.naval!.sunkAt ??= {})[id] = c.zone;
    log(G, owner, 'shipSunk', { ship: id, zone: c.zone });
    if (owner === 'germany') germanVoids += voidsFor(id);
    else if (owner === 'allies') alliedVoids += voidsFor(id);
  }
  if (alliedVoids > 0) settleVoids(G, 'allies', alliedVoids);
  c.germanVoidable = germanVoids;
  c.step = 'void';
  if (germanVoids === 0 || G.decks.germany.draw.length === 0) settleGermanVoids(G, 0);
}

function settleVoids(G: GameState, f: 'germany' | 'allies', n: number): void {
  const c = G.naval!.combat!;
  const voided = voidFromDeck(G, f, n);
  c.voided[f] = [...(c.voided[f] ?? []), ...voided];
  if (voided.length > 0) log(G, f, 'cardsVoided', { cards: voided });
}

/** The Allies' choice of how many German cards the German losses void (EN 6.1); then the chases. */
export function settleGermanVoids(G: GameState, count: number): void {
  const c = G.naval!.combat!;
  if (count > 0) settleVoids(G, 'germany', count);
  c.step = 'chase';
  if (c.chased.length === 0) finishNavalCombat(G);
}

/** Zones the chaser may send a chased ship to. */
export function chaseOptions(G: GameState, id: string): SeaZone[] {
  const c = G.naval?.combat;
  const p = pieceOf(G, id);
  if (!c || !p) return [];
  return zonesNextTo(c.zone).filter((z) => mayEnter(p.owner, z));
}
/** Who chooses where the next chased ship goes: the side that chased it. */
export function chaser(G: GameState): NavalSide | null {
  const c = G.naval?.combat;
  if (c?.step !== 'chase' || c.chased.length === 0) return null;
  return enemySide(sideOfFaction(ship(c.chased[0]!).faction));
}
export function chaseShip(G: GameState, id: string, to: SeaZone): void {
  const c = G.naval!.combat!;
  const by = chaser(G);
  c.chased = c.chased.filter((x) => x !== id);
  pieceOf(G, id)!.at = to;
  turnFaceDown(G, [id]);
  log(G, by, 'shipChased', { from: c.zone, to });
  if (c.chased.length === 0) finishNavalCombat(G);
}

/** Step 8: the survivors lie face down again; on to the next naval combat, or to land combat. */
export function finishNavalCombat(G: GameState): void {
  const n = navalState(G);
  const c = n.combat!;
  turnFaceDown(
    G,
    shipsAt(G, c.zone).map((s) => s.id),
  );
  c.step = 'done';
  n.lastCombat = c;
  n.combat = null;
  n.engagements = n.engagements.filter((e) => e.zone !== c.zone);
  if (n.engagements.length === 1) beginNavalCombat(G, n.engagements[0]!.zone);
  else if (n.engagements.length === 0) navalCombatsOver(G);
}

/**
 * Every naval combat is fought: the land combats follow, which the sequencer (flow.ts advance) starts;
 * the 9. April turn's naval combat step sees them over itself (april9/steps.ts).
 */
function navalCombatsOver(G: GameState): void {
  if (G.april9) return;
  G.done = 'combat';
}
