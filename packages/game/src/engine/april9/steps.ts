/**
 * The steps of the 9. April turn (EN ch. 7) as the sequencer's table (flow.ts `FLOW.april9`) enters
 * them: what each step does when it begins, how a step taken in turn passes to the next faction, the
 * windows that stand between two steps, the procedures a step carries on between decisions (the
 * interceptions, the naval combats, a landing), and the end of the turn (phase 4). Which step follows
 * which is the table's; nothing here names the next step.
 */
import { FACTIONS, type AreaId, type Faction } from '../../types.js';
import { area as areaData, AREA_IDS, victoryCities } from '../../board/index.js';
import { SHIP_TYPE_DEFS, ship } from '../../cards/advanced.js';
import type { GameState } from '../model/state.js';
import type { Rng } from '../kernel/rng.js';
import { startNextCombat } from '../combat.js';
import { addUnits, count, removeUnits } from '../kernel/forces.js';
import { refillHand } from '../kernel/hand.js';
import { checkElimination } from '../kernel/victory.js';
import { log } from '../kernel/log.js';
import { NORWAY_FIXED_START, RAID_ZONES, RESISTANCE_FACES } from '../model/april9.js';
import { april9, openWindowsAt } from './windows.js';
import { sinkShip, voidCards } from './ships.js';
import {
  afterEidsvollFight,
  eidsvollFightOver,
  continueApril9Interception,
  continueApril9NavalCombats,
  enterApril9Interception,
  enterApril9NavalCombat,
  noteNavalCombat,
  offerSailors,
  smokeScreenTargets,
} from './naval.js';

/**
 * What a step's own procedure did when the sequencer let it carry on: 'wait' — a decision is open;
 * 'again' — it moved on and may go further; 'over' — the step is over; 'idle' — nothing to carry
 * on, the step waits for its faction's decision.
 */
export type Progress = 'wait' | 'again' | 'over' | 'idle';

// ---------------------------------------------------------------- 7.0: cards, Norway, ships

/** Each faction keeps its cards in turn (Germany, Norway, the Allies). Returns false after the Allies. */
export function passChoice(G: GameState): boolean {
  const s = april9(G);
  if (s.who === 'allies') return false;
  s.who = s.who === 'germany' ? 'norway' : 'allies';
  return true;
}

export function afterChoice(G: GameState): void {
  openWindowsAt(G, 'cardsChosen');
}

/** Norway's fixed battalion in Finnmark; the others are Norway's to place. */
export function enterDeploy(G: GameState): void {
  addUnits(G, NORWAY_FIXED_START, 'norway', 1, false);
  G.created.norway += 1;
  log(G, 'norway', 'april9Deployed', { area: NORWAY_FIXED_START });
}

/** Ship placement begins with Norway. */
export function enterShips(G: GameState): void {
  april9(G).who = 'norway';
}

/**
 * A faction has placed all its ships: the next one places (Norway, Germany, the Allies), or
 * (false) every ship is placed. Between Germany and the Allies, Norway and then the Allies may answer.
 */
export function passShips(G: GameState): boolean {
  const s = april9(G);
  if (s.who === 'norway') {
    s.who = 'germany';
    return true;
  }
  if (s.who === 'germany') {
    s.who = 'allies';
    openWindowsAt(G, 'germanShipsPlaced');
    return true;
  }
  return false;
}

/** Every ship is placed: ships Rekognoseringsfly showed are turned face down again; Villedende manøver's window. */
export function afterShips(G: GameState): void {
  const s = april9(G);
  for (const id of s.reconnoitred) {
    const piece = G.ships.find((x) => x.id === id);
    if (piece) piece.faceUp = false;
  }
  s.reconnoitred = [];
  openWindowsAt(G, 'shipsPlaced');
}

// ---------------------------------------------------------------- 7.1: interception and movement

export function enterInterception(G: GameState, rng: Rng): void {
  log(G, 'germany', 'phase', { phase: 'april9Interception' });
  enterApril9Interception(G, rng);
}

/** Offer the next zone's interceptions, until every zone has been offered. */
export function carryOnInterception(G: GameState): Progress {
  return continueApril9Interception(G) ? 'wait' : 'over';
}

/** Røykdekke answers the interceptions: one intercepted German ship may slip away. */
export function afterInterception(G: GameState): void {
  if (smokeScreenTargets(G).length > 0) openWindowsAt(G, 'intercepted');
}

export function enterMovement(G: GameState): void {
  G.phase = 'movement';
  log(G, 'germany', 'phase', { phase: 'april9Movement' });
}

// ---------------------------------------------------------------- 7.2a: naval combat, raiding, landings

export function enterNavalCombat(G: GameState, rng: Rng): void {
  G.phase = 'combat';
  enterApril9NavalCombat(G, rng);
}

/** Fight the naval combats one at a time; Evakuerte matroser answers a sinking once its combat is over. */
export function carryOnNavalCombats(G: GameState): Progress {
  noteNavalCombat(G);
  // Steps 6–8 of the combat are done: a German ship sunk in it may still land its battalion.
  if (!G.naval?.combat) offerSailors(G);
  if (G.prompts.length > 0) return 'again';
  if (continueApril9NavalCombats(G)) {
    noteNavalCombat(G);
    return 'wait';
  }
  return 'over';
}

/** Raiding, unless no German ship may raid. */
export function enterRaid(G: GameState): void {
  if (!G.ships.some((x) => mayRaid(G, x.id))) G.done = 'step';
}

export function enterLanding(G: GameState): void {
  log(G, 'germany', 'phase', { phase: 'april9Landing' });
}

/** A declared landing fights Eidsvoll & Norge, waits for its windows, then comes ashore. */
export function carryOnLanding(G: GameState, rng: Rng): Progress {
  const s = april9(G);
  if (!s.landing) return 'idle';
  if (s.landing.eidsvoll === 'fight') {
    if (G.naval?.combat) return 'wait';
    // Its naval combat is over: Evakuerte matroser may answer a ship sunk in it.
    eidsvollFightOver(G, s.landing);
  } else if (s.landing.eidsvoll === 'fought') afterEidsvollFight(G, s.landing);
  else completeLanding(G, rng);
  return 'again';
}

// ---------------------------------------------------------------- 7.2b: land combat

/** The landings wait at their borders: they are fought in turn; with none, the step is over at once. */
export function enterLandCombat(G: GameState): void {
  G.phase = 'combat';
  log(G, 'germany', 'phase', { phase: 'combat' });
  if (!startNextCombat(G)) G.done = 'step';
}

/** A German ship that may go raiding now. */
export function mayRaid(G: GameState, id: string): boolean {
  const piece = G.ships.find((x) => x.id === id);
  if (piece?.owner !== 'germany') return false;
  return (RAID_ZONES as readonly string[]).includes(piece.at) && SHIP_TYPE_DEFS[ship(id).type].raidVoids > 0;
}

/** Raiding (EN 7.2): the ship goes to the box and voids Allied cards, once. */
export function sendRaiding(G: GameState, id: string): void {
  const piece = G.ships.find((x) => x.id === id)!;
  const from = piece.at;
  piece.at = 'raid';
  // The box is open: the cards it voids would tell its type anyway.
  piece.faceUp = true;
  const voided = voidCards(G, 'allies', SHIP_TYPE_DEFS[ship(id).type].raidVoids);
  // The ship lies face up in the box, but may sail out face down later: the log keeps only its zone and the cost.
  log(G, 'germany', 'raiding', { from, cardsVoided: voided });
}

// ---------------------------------------------------------------- landings and resistance

/** A declared landing whose windows are answered comes ashore. */
function completeLanding(G: GameState, rng: Rng): void {
  const s = april9(G);
  const l = s.landing!;
  s.landing = null;
  const ships = l.ships.filter((id) => G.ships.some((x) => x.id === id) || s.sailors?.ship === id);
  if (s.blocked.includes(l.area) || ships.length === 0) return;
  for (const id of ships) {
    s.landed.push(id);
    if (s.sailors?.ship === id) s.sailors = null;
  }
  // Every landing waits at the border as an attack from the sea; unopposed ones move in at combat.
  const key = `germany:sea>${l.area}`;
  const existing = G.attacks.find((a) => a.id === key);
  if (existing) existing.count += ships.length;
  else G.attacks.push({ id: key, faction: 'germany', target: l.area, from: null, route: 'sea', count: ships.length });
  G.created.germany += ships.length;
  log(G, 'germany', 'april9Landed', { zone: l.zone, area: l.area, count: ships.length });
  if (areaData(l.area).victoryCity && !s.invaded.includes(l.area)) resist(G, l.area, rng);
}

/** Norway's resistance in an invaded victory city (EN 7.2). */
function resist(G: GameState, city: AreaId, rng: Rng): void {
  const s = april9(G);
  s.invaded.push(city);
  const die = rng.d6();
  const raised = RESISTANCE_FACES.includes(die);
  if (raised) {
    s.resisted.push(city);
    addUnits(G, city, 'norway', 1, false);
    G.created.norway += 1;
    // Paratroopers already standing there now face the new battalion: they attack it too.
    const standing = count(G, city, 'germany');
    if (standing > 0) {
      removeUnits(G, city, 'germany', standing);
      G.attacks.push({ id: `germany:air>${city}`, faction: 'germany', target: city, from: null, route: 'air', count: standing });
    }
  }
  log(G, 'norway', 'april9Resistance', { area: city, die, raised });
}

// ---------------------------------------------------------------- 7.3: mobilisation and reinforcements

/** Mobilisation points free of Germans where Norway may still mobilise. */
export function freeMobilizationPoints(G: GameState): AreaId[] {
  return AREA_IDS.filter((a) => areaData(a).mobilizationPoint && count(G, a, 'germany') === 0);
}

/** Norway mobilises in its victory cities free of Germans, then on half its free mobilisation points (none: the step is over). */
export function enterMobilization(G: GameState): void {
  const s = april9(G);
  G.phase = 'reinforcement';
  const cities = victoryCities().filter((c) => !s.resisted.includes(c) && count(G, c, 'germany') === 0);
  for (const c of cities) addUnits(G, c, 'norway', 1, false);
  G.created.norway += cities.length;
  s.mobilization = Math.floor(freeMobilizationPoints(G).length / 2);
  s.mobilized = [];
  log(G, 'norway', 'april9Mobilization', { cities, points: s.mobilization });
  if (s.mobilization === 0) G.done = 'step';
}

/** The reinforcements begin with Germany. */
export function enterReinforcement(G: GameState): void {
  startReinforcementOf(G, 'germany');
}

function startReinforcementOf(G: GameState, f: Faction): void {
  const s = april9(G);
  s.step = 'reinforcement';
  s.who = f;
  G.phase = 'reinforcement';
  // Germany's free battalion (EN 7.3); the others pay with 9. April cards.
  G.reinforcements = { symbols: 0, free: f === 'germany' ? 1 : 0, placed: 0, airSlots: 0, areas: [] };
  log(G, f, 'phase', { phase: 'reinforcement' });
}

/** A faction's reinforcements are done: the next faction's begin, or (false) every faction has had them. */
export function passReinforcement(G: GameState): boolean {
  const next = FACTIONS[FACTIONS.indexOf(april9(G).who) + 1];
  if (!next) return false;
  startReinforcementOf(G, next);
  return true;
}

// ---------------------------------------------------------------- phase 4 and the hand-over

/**
 * Phase 4 (EN 7.4) and the end of the turn: the telegraph cable, the 9. April cards leave the game,
 * new action cards, dummies off the board. The step is over at once: Germany's first ordinary turn
 * follows (the table's next step).
 */
export function finishApril9(G: GameState, rng: Rng): void {
  const s = april9(G);
  const cable = AREA_IDS.find((a) => areaData(a).telegraphCable);
  if (cable && count(G, cable, 'germany') > 0) {
    const voided = voidCards(G, 'allies', 1);
    log(G, 'germany', 'telegraphCableCut', { area: cable, cardsVoided: voided });
  }
  log(G, null, 'april9CardsRemoved', { germany: s.hands.germany.length, norway: s.hands.norway.length, allies: s.hands.allies.length });
  for (const f of FACTIONS) refillHand(G, f, rng);
  for (const d of G.ships.filter((x) => x.owner === 'germany' && SHIP_TYPE_DEFS[ship(x.id).type].removedWhenIntercepted)) {
    sinkShip(G, d.id, 'germany');
  }
  for (const x of G.ships) if (!SHIP_TYPE_DEFS[ship(x.id).type].alwaysFaceUp && x.at !== 'raid') x.faceUp = false;
  G.april9 = null;
  G.homeFleetDue = G.shipReserve.allies.length > 0;
  G.round = 1;
  G.cardsUsed = { germany: 0, norway: 0, allies: 0 };
  log(G, null, 'april9Ends');
  if (checkElimination(G)) return;
  G.turn = 'germany';
  G.done = 'step';
}
