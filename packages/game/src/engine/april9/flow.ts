/**
 * The order of the 9. April turn (EN ch. 7), the sequencer's part for it (flow.ts `advance` runs
 * `resumeApril9`): who acts in each step, which step follows which once the windows between them
 * (april9/windows.ts) are answered, and the end of the turn (phase 4) that hands over to the first
 * ordinary German turn.
 */
import { FACTIONS, type AreaId, type Faction } from '../../types.js';
import { area as areaData, AREA_IDS, victoryCities } from '../../board/index.js';
import { SHIP_TYPE_DEFS, ship } from '../../cards/advanced.js';
import type { GameState } from '../model/state.js';
import type { Rng } from '../kernel/rng.js';
import type { Actor } from '../model/stage.js';
import { beginTurnOf } from '../turn.js';
import { startNextCombat } from '../combat.js';
import { addUnits, count, removeUnits } from '../kernel/forces.js';
import { refillHand } from '../kernel/hand.js';
import { checkElimination } from '../kernel/victory.js';
import { log } from '../kernel/log.js';
import { NORWAY_FIXED_START, RAID_ZONES, RESISTANCE_FACES, type April9Step } from '../model/april9.js';
import { april9, openWindow } from './windows.js';
import { sinkShip, shipsAt, voidCards } from './ships.js';
import {
  afterEidsvollFight,
  eidsvollFightOver,
  april9NavalActor,
  continueApril9Interception,
  continueApril9NavalCombats,
  enterApril9Interception,
  enterApril9NavalCombat,
  noteNavalCombat,
  offerSailors,
  smokeScreenTargets,
} from './naval.js';

/** Who decides now in the 9. April turn, when no prompt or combat is open. */
export function april9Actor(G: GameState): Actor | null {
  const s = G.april9;
  if (!s) return null;
  switch (s.step) {
    case 'choose':
      return { faction: s.who, stage: 'april9Choose' };
    case 'deploy':
      return { faction: 'norway', stage: 'april9Deploy' };
    case 'ships':
      return { faction: s.who, stage: 'april9Ships' };
    case 'interception':
    case 'navalCombat':
      return april9NavalActor(G);
    case 'movement':
      return { faction: 'germany', stage: 'april9Movement' };
    case 'raid':
      return { faction: 'germany', stage: 'april9Raid' };
    case 'landing':
      return { faction: 'germany', stage: 'april9Landing' };
    case 'landCombat':
      return { faction: 'germany', stage: 'combat' };
    case 'mobilize':
      return { faction: 'norway', stage: 'april9Mobilize' };
    case 'reinforcement':
      return { faction: s.who, stage: 'reinforcement' };
  }
}

// ---------------------------------------------------------------- moving on

/**
 * Carry the turn forward as far as it goes without a decision. Called after every action of the
 * 9. April turn: when the windows are answered, the waiting step begins; a landing waiting for its
 * windows comes ashore.
 */
export function resumeApril9(G: GameState, rng: Rng): void {
  for (;;) {
    const s = G.april9;
    if (!s || G.result || G.prompts.length > 0 || G.combat) return;
    if (G.naval?.force) return; // an interception decision is open
    if (s.step === 'navalCombat' && !s.then) {
      noteNavalCombat(G);
      // Evakuerte matroser answers a sinking once its combat is over (steps 6–8 done).
      if (!G.naval?.combat) offerSailors(G);
      if (G.prompts.length > 0) continue;
      if (continueApril9NavalCombats(G)) {
        noteNavalCombat(G);
        return;
      }
      s.then = 'raid';
    }
    if (s.step === 'interception' && !s.then) {
      if (continueApril9Interception(G)) return;
      // Røykdekke answers the interceptions: one intercepted German ship may slip away.
      if (smokeScreenTargets(G).length > 0) openWindow(G, { kind: 'april9Window', faction: 'germany', window: 'smokeScreen' });
      s.then = 'movement';
      continue;
    }
    if (s.landing) {
      if (s.landing.eidsvoll === 'fight') {
        if (G.naval?.combat) return;
        // Its naval combat is over: Evakuerte matroser may answer a ship sunk in it.
        eidsvollFightOver(G, s.landing);
      } else if (s.landing.eidsvoll === 'fought') afterEidsvollFight(G, s.landing);
      else completeLanding(G, rng);
      continue;
    }
    if (!s.then) return;
    const next = s.then;
    s.then = null;
    enterStep(G, next, rng);
  }
}

/** Begin a step of the turn (some steps pass straight on when there is nothing to decide). */
export function enterStep(G: GameState, step: April9Step, rng: Rng): void {
  const s = april9(G);
  s.step = step;
  switch (step) {
    case 'choose':
      return;
    case 'deploy':
      addUnits(G, NORWAY_FIXED_START, 'norway', 1, false);
      G.created.norway += 1;
      log(G, 'norway', 'april9Deployed', { area: NORWAY_FIXED_START });
      return;
    case 'ships':
      s.who = 'norway';
      return;
    case 'interception':
      log(G, 'germany', 'phase', { phase: 'april9Interception' });
      enterApril9Interception(G, rng);
      return;
    case 'movement':
      G.phase = 'movement';
      log(G, 'germany', 'phase', { phase: 'april9Movement' });
      return;
    case 'navalCombat':
      G.phase = 'combat';
      enterApril9NavalCombat(G, rng);
      return;
    case 'raid':
      if (!G.ships.some((x) => mayRaid(G, x.id))) s.then = 'landing';
      return;
    case 'landing':
      log(G, 'germany', 'phase', { phase: 'april9Landing' });
      return;
    case 'landCombat':
      G.phase = 'combat';
      log(G, 'germany', 'phase', { phase: 'combat' });
      // The landings wait at their borders: fight them in turn, or on to mobilisation when none is left.
      if (!startNextCombat(G)) landCombatOver(G);
      return;
    case 'mobilize':
      enterMobilization(G);
      return;
    case 'reinforcement':
      startReinforcementOf(G, 'germany');
      return;
  }
}

/** After the ship placement of one faction: the next faction, or the windows that follow. */
export function shipsPlaced(G: GameState): void {
  const s = april9(G);
  if (s.who === 'norway') {
    s.who = 'germany';
    return;
  }
  if (s.who === 'germany') {
    s.who = 'allies';
    // Windows open newest-last: Norway answers first, then the Allies, then the Allies place.
    openWindow(G, { kind: 'april9Window', faction: 'allies', window: 'reconnaissance' });
    openWindow(G, { kind: 'april9Window', faction: 'norway', window: 'reallocation' });
    return;
  }
  // The Allies have placed: ships Rekognoseringsfly showed are turned face down again.
  for (const id of s.reconnoitred) {
    const piece = G.ships.find((x) => x.id === id);
    if (piece) piece.faceUp = false;
  }
  s.reconnoitred = [];
  openWindow(G, { kind: 'april9Window', faction: 'germany', window: 'deceive' });
  s.then = 'interception';
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

// ---------------------------------------------------------------- phase 3

/** Land combat is over: Norway mobilises next. */
export function landCombatOver(G: GameState): void {
  april9(G).then = 'mobilize';
}

/** Mobilisation points free of Germans where Norway may still mobilise. */
export function freeMobilizationPoints(G: GameState): AreaId[] {
  return AREA_IDS.filter((a) => areaData(a).mobilizationPoint && count(G, a, 'germany') === 0);
}

function enterMobilization(G: GameState): void {
  const s = april9(G);
  G.phase = 'reinforcement';
  const cities = victoryCities().filter((c) => !s.resisted.includes(c) && count(G, c, 'germany') === 0);
  for (const c of cities) addUnits(G, c, 'norway', 1, false);
  G.created.norway += cities.length;
  s.mobilization = Math.floor(freeMobilizationPoints(G).length / 2);
  s.mobilized = [];
  log(G, 'norway', 'april9Mobilization', { cities, points: s.mobilization });
  if (s.mobilization === 0) s.then = 'reinforcement';
}

export function startReinforcementOf(G: GameState, f: Faction): void {
  const s = april9(G);
  s.step = 'reinforcement';
  s.who = f;
  G.phase = 'reinforcement';
  // Germany's free battalion (EN 7.3); the others pay with 9. April cards.
  G.reinforcements = { symbols: 0, free: f === 'germany' ? 1 : 0, placed: 0, airSlots: 0, areas: [] };
  log(G, f, 'phase', { phase: 'reinforcement' });
}

/** The faction in the reinforcement step is done: the next one, or phase 4. */
export function endApril9Reinforcement(G: GameState, rng: Rng): void {
  const s = april9(G);
  const i = FACTIONS.indexOf(s.who);
  const next = FACTIONS[i + 1];
  if (next) startReinforcementOf(G, next);
  else finishApril9(G, rng);
}

// ---------------------------------------------------------------- phase 4 and the hand-over

/**
 * Phase 4 (EN 7.4) and the end of the turn: the telegraph cable, the 9. April cards leave the game,
 * new action cards, dummies off the board, and Germany's first ordinary turn begins.
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
  beginTurnOf(G, 'germany');
}

/** Ships lying in a zone, for windows that roll per ship. */
export const shipCount = (G: GameState, zone: Parameters<typeof shipsAt>[1], owner: Faction) => shipsAt(G, zone, owner).length;
