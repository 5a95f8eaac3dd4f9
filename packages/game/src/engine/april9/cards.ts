/**
 * What each 9. April card does, and when it may be played: in a window (a reaction or a "play now"
 * moment the rules open for that faction) or in a step of the turn. One rule per effect kind, with
 * its check (throws RuleError, changes nothing), its effect, and its candidates for legal-action
 * listing. The numbers (hit faces, dice, zones) come from april9-cards.json.
 */
import type { AreaId, Faction, SeaZone } from '../../types.js';
import { SEA_ZONES } from '../../types.js';
import { AREA_IDS, BOARD, borderKind, inAirRange, neighbours, area as areaData } from '../../board/index.js';
import { april9Card } from '../../cards/advanced.js';
import type { April9Effect } from '../../cards/advanced-schema.js';
import type { GameState } from '../model/state.js';
import type { Rng } from '../kernel/rng.js';
import type { Stage } from '../model/stage.js';
import { ensure, fail } from '../kernel/errors.js';
import { addUnits, count, hasEnemy, removeUnits } from '../kernel/forces.js';
import { addAttack } from '../kernel/movement.js';
import { germanAirReaches, withdrawalOptions } from '../kernel/queries.js';
import { continueLosses } from '../combat.js';
import { attacksOn, onlyParatroopers } from '../combat-dice.js';
import { log } from '../kernel/log.js';
import type { April9Prompt, April9Window } from '../model/april9.js';
import { april9, openWindowsAt } from './windows.js';
import { ALLIED_FORBIDDEN_ZONES } from '../model/april9.js';
import { shipsAt, sinkShip } from './ships.js';
import { diveBomberZones, sailorsTargets, smokeScreenTargets, carryOutSmokeScreen, carryOutSailors } from './naval.js';

/**
 * On 9 April Germany holds no air field until its troops are ashore: the Luftwaffe flies from
 * Germany and Denmark with the reach of the Kristiansand (Kjevik) field, the nearest to Denmark.
 * Example 4's paratroopers reach Stavanger this way (docs/rules-decisions.md).
 */
export const APRIL9_LUFTWAFFE_BASE: AreaId = 'kristiansand';
export function april9AirReaches(G: GameState, target: AreaId): boolean {
  return germanAirReaches(G, target) || inAirRange(target, [APRIL9_LUFTWAFFE_BASE]);
}

export interface April9Params {
  zone?: SeaZone;
  area?: AreaId;
  from?: AreaId;
  ship?: string;
  other?: string;
}
type WindowPrompt = Extract<April9Prompt, { kind: 'april9Window' }>;

type Kind = April9Effect['kind'];
interface Rule<K extends Kind> {
  /** The window it answers, or the stages of the acting faction where it is played. */
  window?: April9Window;
  stages?: readonly Stage[];
  check(G: GameState, f: Faction, e: Extract<April9Effect, { kind: K }>, p: April9Params, w: WindowPrompt | null): void;
  apply(
    G: GameState,
    f: Faction,
    card: string,
    e: Extract<April9Effect, { kind: K }>,
    p: April9Params,
    w: WindowPrompt | null,
    rng: Rng,
  ): void;
  candidates(G: GameState, f: Faction, w: WindowPrompt | null): April9Params[];
}

const NONE: April9Params[] = [{}];
const roll = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.d6());
const needZone = (z: SeaZone | undefined): SeaZone => {
  ensure(z !== undefined, 'bad-zone', 'choose a sea zone');
  return z;
};
const needArea = (a: AreaId | undefined, what: string): AreaId => {
  ensure(a !== undefined && AREA_IDS.includes(a), 'bad-area', `choose ${what}`);
  return a;
};
const alliedShipsIn = (G: GameState, z: SeaZone) => shipsAt(G, z, 'allies');
const germanShipsIn = (G: GameState, z: SeaZone) => shipsAt(G, z, 'germany');

// ---------------------------------------------------------------- before the ships sail

const shipRescue: Rule<'shipRescue'> = {
  window: 'rescue',
  check(G, _f, _e, p) {
    const s = april9(G);
    ensure(p.ship !== undefined && s.alliedDrawn.includes(p.ship), 'bad-ship', 'choose one of the ships you drew');
    ensure(
      p.other !== undefined && G.shipReserve.allies.includes(p.other) && !s.alliedDrawn.includes(p.other),
      'bad-ship',
      'choose one of the ships you did not draw',
    );
  },
  apply(G, _f, _card, _e, p) {
    const s = april9(G);
    s.alliedDrawn = [...s.alliedDrawn.filter((x) => x !== p.ship), p.other!];
  },
  candidates(G) {
    const s = april9(G);
    const rest = G.shipReserve.allies.filter((x) => !s.alliedDrawn.includes(x));
    return s.alliedDrawn.flatMap((ship) => rest.map((other) => ({ ship, other })));
  },
};

const reallocation: Rule<'reallocation'> = {
  window: 'reallocation',
  check(G, _f, _e, p) {
    const from = needArea(p.from, 'the battalion to move');
    const to = needArea(p.area, 'where it goes');
    ensure(count(G, from, 'norway') > 0, 'not-enough', 'no Norwegian battalion there');
    ensure(borderKind(from, to) !== undefined, 'not-adjacent', 'it moves to a neighbouring area');
    ensure(!hasEnemy(G, to, 'norway'), 'no-attack', 'not into an enemy area');
  },
  apply(G, _f, _card, _e, p) {
    removeUnits(G, p.from!, 'norway', 1);
    addUnits(G, p.area!, 'norway', 1, false);
    log(G, 'norway', 'april9Reallocated', { from: p.from!, to: p.area! });
  },
  candidates(G) {
    return AREA_IDS.filter((a) => count(G, a, 'norway') > 0).flatMap((from) => neighbours(from).map((area) => ({ from, area })));
  },
};

const reconnaissance: Rule<'reconnaissance'> = {
  window: 'reconnaissance',
  check(G, _f, e, p) {
    const z = needZone(p.zone);
    ensure(!e.excludedZones.includes(z), 'bad-zone', `not in sea zone ${z}`);
    ensure(germanShipsIn(G, z).length > 0, 'no-ships', 'there are no German ships there');
  },
  apply(G, f, _card, e, p, _w, rng) {
    const s = april9(G);
    const ships = germanShipsIn(G, p.zone!);
    const dice = roll(rng, ships.length);
    const hits = dice.filter((d) => e.hits.includes(d)).length;
    // Which ships are seen is drawn at random among those there.
    for (const piece of rng.shuffle(ships.filter((x) => !x.faceUp)).slice(0, hits)) {
      piece.faceUp = true;
      s.reconnoitred.push(piece.id);
    }
    log(G, f, 'april9Reconnaissance', { zone: p.zone!, dice, revealed: hits });
  },
  candidates(_G) {
    return SEA_ZONES.map((zone) => ({ zone }));
  },
};

const deceive: Rule<'deceive'> = {
  window: 'deceive',
  check(G, _f, _e, p) {
    ensure(alliedShipsIn(G, needZone(p.zone)).length > 0, 'no-ships', 'there are no Allied ships there');
  },
  apply(G, f, _card, e, p, _w, rng) {
    const zone = p.zone!;
    const dice = roll(rng, alliedShipsIn(G, zone).length);
    const hits = dice.filter((d) => e.hits.includes(d)).length;
    log(G, f, 'april9Deceive', { zone, dice, hits });
    if (hits > 0) G.prompts.push({ kind: 'april9Deceive', faction: 'germany', zone, hits, to: [] });
  },
  candidates: () => SEA_ZONES.map((zone) => ({ zone })),
};

/** Where a deceived Allied ship may be sent from `zone`. */
export function deceiveDestinations(zone: SeaZone): SeaZone[] {
  return neighbourZones(zone).filter((z) => !(ALLIED_FORBIDDEN_ZONES as readonly string[]).includes(z));
}
export function neighbourZones(zone: SeaZone): SeaZone[] {
  return [...(BOARD.seaZones.find((z) => z.id === zone)?.adjacent ?? [])];
}

/** Germany has named a zone for each deceived ship: they go, drawn at random among those there. */
export function carryOutDeception(G: GameState, rng: Rng): void {
  const p = G.prompts.pop();
  if (p?.kind !== 'april9Deceive') throw new Error('deceive prompt expected');
  const moved = rng.shuffle(alliedShipsIn(G, p.zone)).slice(0, p.hits);
  moved.forEach((piece, i) => {
    piece.at = p.to[i]!;
  });
  log(G, 'germany', 'april9Deceived', { from: p.zone, to: p.to });
}

// ---------------------------------------------------------------- interception and movement

const smokeScreen: Rule<'smokeScreen'> = {
  window: 'smokeScreen',
  check(G, _f, _e, p) {
    ensure(p.ship !== undefined && smokeScreenTargets(G).includes(p.ship), 'bad-ship', 'choose one of your intercepted ships');
  },
  apply(G, _f, _card, _e, p) {
    carryOutSmokeScreen(G, p.ship!);
  },
  candidates: (G) => smokeScreenTargets(G).map((ship) => ({ ship })),
};

const paradrop: Rule<'paradrop'> = {
  stages: ['april9Movement'],
  check(G, _f, _e, p) {
    ensure(april9AirReaches(G, needArea(p.area, 'where they land')), 'out-of-air-range', 'that area is out of air range');
  },
  apply(G, _f, _card, _e, p) {
    const to = p.area!;
    G.created.germany += 1;
    if (hasEnemy(G, to, 'germany')) addAttack(G, { faction: 'germany', target: to, from: null, route: 'air', count: 1 });
    else addUnits(G, to, 'germany', 1, true);
    log(G, 'germany', 'paradrop', { area: to });
    openWindowsAt(G, 'paradrop', { area: to });
  },
  candidates: () => AREA_IDS.map((area) => ({ area })),
};

const redirectParatrooper: Rule<'redirectParatrooper'> = {
  window: 'fighters',
  check(_G, _f, _e, p, w) {
    const to = needArea(p.area, 'where the paratrooper must land');
    ensure(borderKind(w!.area!, to) !== undefined, 'not-adjacent', 'choose an area next to the landing area');
  },
  apply(G, f, _card, _e, p, w) {
    const from = w!.area!;
    const airborne = G.attacks.find((a) => a.target === from && a.route === 'air' && a.faction === 'germany');
    if (airborne) {
      airborne.count -= 1;
      if (airborne.count === 0) G.attacks = G.attacks.filter((a) => a !== airborne);
    } else removeUnits(G, from, 'germany', 1, true);
    const to = p.area!;
    if (hasEnemy(G, to, 'germany')) addAttack(G, { faction: 'germany', target: to, from: null, route: 'air', count: 1 });
    else addUnits(G, to, 'germany', 1, true);
    log(G, f, 'paratrooperDiverted', { from, to });
  },
  candidates: (_G, _f, w) => (w?.area ? neighbours(w.area).map((area) => ({ area })) : []),
};

// ---------------------------------------------------------------- naval combat

const diveBombers: Rule<'diveBombers'> = {
  window: 'diveBombers',
  check(G, _f, _e, p) {
    ensure(diveBomberZones(G).includes(needZone(p.zone)), 'bad-zone', 'only in sea zones III–V, where German ships lie');
  },
  apply(G, f, _card, e, p, _w, rng) {
    const die = rng.d6();
    const hit = e.hits.includes(die);
    log(G, f, 'april9DiveBombers', { zone: p.zone!, die, hit });
    if (!hit) return;
    // Drawn among every German ship there, seen or not; a dummy drawn is only removed.
    const victim = rng.shuffle(germanShipsIn(G, p.zone!))[0]!;
    sinkShip(G, victim.id, f);
  },
  candidates: (G) => diveBomberZones(G).map((zone) => ({ zone })),
};

const evacuatedSailors: Rule<'evacuatedSailors'> = {
  window: 'sailors',
  check(G, _f, _e, p) {
    ensure(p.ship !== undefined && sailorsTargets(G).includes(p.ship), 'bad-ship', 'choose a ship of yours just sunk');
  },
  apply(G, _f, _card, _e, p) {
    carryOutSailors(G, p.ship!);
  },
  candidates: (G) => sailorsTargets(G).map((ship) => ({ ship })),
};

// ---------------------------------------------------------------- landings

const navalMines: Rule<'navalMines'> = {
  window: 'mines',
  check(G) {
    ensure(april9(G).landing, 'no-landing', 'no landing to answer');
  },
  apply(G, f, _card, e, _p, _w, rng) {
    const l = april9(G).landing!;
    const die = rng.d6();
    const hit = e.hits.includes(die);
    log(G, f, 'april9Mines', { zone: l.zone, die, hit });
    if (!hit) return;
    const victim = rng.shuffle(germanShipsIn(G, l.zone))[0];
    if (!victim) return;
    sinkShip(G, victim.id, f);
    l.ships = l.ships.filter((x) => x !== victim.id);
  },
  candidates: () => NONE,
};

const coastalFort: Rule<'coastalFort'> = {
  window: 'fort',
  check(G) {
    const l = april9(G).landing;
    ensure(l && areaData(l.area).victoryCity, 'no-landing', 'no landing in a victory city to answer');
  },
  apply(G, f, _card, e, _p, _w, rng) {
    const s = april9(G);
    const l = s.landing!;
    const die = rng.d6();
    const sunk = e.sink.includes(die);
    const blocked = sunk || e.block.includes(die);
    log(G, f, 'april9Fort', { area: l.area, die, sunk, blocked });
    if (sunk) {
      const victim = rng.shuffle(l.ships.filter((x) => G.ships.some((p) => p.id === x)))[0];
      if (victim) sinkShip(G, victim, f);
    }
    // The city is shut: the other ships may land elsewhere on the same zone.
    if (blocked) {
      s.blocked.push(l.area);
      l.ships = [];
    }
  },
  candidates: () => NONE,
};

// ---------------------------------------------------------------- land combat

const attackDice: Rule<'attackDice'> = {
  stages: ['attackerCards'],
  check(G, f, e) {
    const c = G.combat;
    ensure(c && c.attacker === f, 'wrong-time', 'only in a German attack');
    if (e.airRange) ensure(april9AirReaches(G, c.area), 'out-of-air-range', 'the combat is out of air range');
    if (e.notParatroopersOnly) ensure(!onlyParatroopers(G, c), 'paratroopers-only', 'not when only paratroopers attack');
  },
  apply(G, _f, card, e) {
    (G.combat!.april9Cards ??= []).push({ card, dice: e.dice });
  },
  candidates: () => NONE,
};

const intimidation: Rule<'intimidation'> = {
  stages: ['attackerCards'],
  check(G, f) {
    const c = G.combat;
    ensure(c && c.attacker === f, 'wrong-time', 'at the start of a German attack');
    ensure(count(G, c.area, 'norway') > 0, 'no-norwegians', 'no Norwegian battalions to threaten');
    ensure(!(c.april9Cards ?? []).length && c.played.length === 0, 'wrong-time', 'play it at the start of the combat, before other cards');
  },
  apply(G, f, card, e, _p, _w, rng) {
    const c = G.combat!;
    (c.april9Cards ??= []).push({ card, dice: 0 });
    const dice = roll(rng, count(G, c.area, 'norway'));
    const surrender = dice.filter((d) => e.surrender.includes(d)).length;
    const retreat = dice.filter((d) => e.retreat.includes(d)).length;
    if (surrender > 0) {
      removeUnits(G, c.area, 'norway', surrender);
      G.destroyed.norway += surrender;
    }
    log(G, f, 'april9Intimidation', { area: c.area, dice, surrendered: surrender, retreating: retreat });
    if (retreat > 0) {
      const options = withdrawalOptions(G, c.area, ['norway'], { mayCrossFjord: true });
      if (options.length === 0) {
        removeUnits(G, c.area, 'norway', retreat);
        G.destroyed.norway += retreat;
        log(G, 'norway', 'noRetreat', { area: c.area, lost: retreat });
      } else if (options.length === 1) {
        pullBack(G, c.area, options[0]!, retreat);
      } else {
        G.prompts.push({ kind: 'april9Retreat', faction: 'norway', area: c.area, count: retreat, options });
        return;
      }
    }
    endIfUnopposed(G);
  },
  candidates: () => NONE,
};

export function pullBack(G: GameState, from: AreaId, to: AreaId, n: number): void {
  removeUnits(G, from, 'norway', n);
  addUnits(G, to, 'norway', n, true);
  log(G, 'norway', 'retreated', { from, to, count: n });
}

/** Bløff/trusler left no defender: the attackers take the area without a fight. */
export function endIfUnopposed(G: GameState): void {
  const c = G.combat;
  if (c?.step !== 'attackerCards') return;
  if (count(G, c.area, 'norway') > 0 || count(G, c.area, 'allies') > 0) return;
  c.hits = { attacker: 0, defender: 0 };
  c.winner = 'attacker';
  c.step = 'losses';
  c.roll = null;
  if (attacksOn(G, c.area).length > 0) continueLosses(G);
}

// ---------------------------------------------------------------- reinforcements

const airReinforce: Rule<'airReinforce'> = {
  stages: ['reinforcement'],
  check(G, f) {
    ensure(april9(G).who === f, 'wrong-time', 'in your own reinforcements');
  },
  apply(G, _f, _card, e) {
    G.reinforcements.airSlots += e.max;
  },
  candidates: () => NONE,
};

const sinkReinforcement: Rule<'sinkReinforcement'> = {
  window: 'submarine',
  check() {},
  apply(G, f, _card, e, _p, w, rng) {
    const area = w!.area!;
    const die = rng.d6();
    const hit = e.hits.includes(die) && count(G, area, 'germany') > 0;
    if (hit) {
      removeUnits(G, area, 'germany', 1, true);
      G.destroyed.germany += 1;
    }
    log(G, f, 'submarine', { area, die, sunk: hit });
  },
  candidates: () => NONE,
};

const none: Rule<'none'> = {
  check: () => fail('no-effect', 'this card is only worth its reinforcement symbols'),
  apply() {},
  candidates: () => [],
};

export const APRIL9_RULES: { [K in Kind]: Rule<K> } = {
  deceive,
  paradrop,
  attackDice,
  airReinforce,
  smokeScreen,
  intimidation,
  evacuatedSailors,
  redirectParatrooper,
  coastalFort,
  reallocation,
  sinkReinforcement,
  navalMines,
  reconnaissance,
  shipRescue,
  diveBombers,
  none,
};

/** The rule of a 9. April card and the window it would answer now, or a RuleError. */
export function ruleFor(G: GameState, f: Faction, card: string, stage: Stage) {
  const def = april9Card(card);
  if (def.effect.kind === 'none') fail('no-effect', 'this card is only worth its reinforcement symbols');
  const rule = APRIL9_RULES[def.effect.kind] as Rule<Kind>;
  const top = G.prompts[G.prompts.length - 1];
  const w = top?.kind === 'april9Window' && top.faction === f ? top : null;
  if (rule.window) ensure(w && w.window === rule.window, 'wrong-time', `${def.title} cannot be played now`);
  else ensure((rule.stages ?? []).includes(stage) && !w, 'wrong-time', `${def.title} cannot be played now`);
  if (stage === 'attackerCards') {
    const c = G.combat!;
    ensure(!(c.april9Cards ?? []).some((x) => april9Card(x.card).id === def.id), 'card-type-used', `only one ${def.title} per combat`);
  }
  return { def, rule, w };
}
