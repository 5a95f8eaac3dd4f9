/**
 * The decisions of the 9. April turn as actions (zod-checked arguments, a handler per action with
 * the same contract as engine/actions.ts: validate fully, then change G unless `dry`), and their
 * candidates for legal-action listing.
 */
import type { z } from 'zod';
import { SEA_ZONES, type AreaId, type Faction, type SeaZone } from '../../types.js';
import { AREA_IDS, area as areaData, coastZones, neighbours } from '../../board/index.js';
import { APRIL9_KEEP, april9Card, april9SymbolsOf, isDummy, ship } from '../../cards/advanced.js';
import type { GameState } from '../model/state.js';
import { APRIL9_SCHEMAS, type April9ActionType } from '../model/actions.js';
import type { Rng } from '../kernel/rng.js';
import { actor } from '../flow.js';
import type { Stage } from '../model/stage.js';
import { ensure, fail } from '../kernel/errors.js';
import { addUnits } from '../kernel/forces.js';
import { log } from '../kernel/log.js';
import { ALLIED_FORBIDDEN_ZONES, EIDSVOLL_FORBIDDEN_ZONES, NORWAY_OSLO_START } from '../model/april9.js';
import { freeMobilizationPoints, mayRaid, sendRaiding } from './steps.js';
import { april9, closeWindow } from './windows.js';
import { APRIL9_RULES, carryOutDeception, deceiveDestinations, endIfUnopposed, pullBack, ruleFor, type April9Params } from './cards.js';
import { april9WindowPassed, eidsvollBlocksLanding, fightEidsvoll, openLandingWindows } from './naval.js';
import { EIDSVOLL_AND_NORGE as EIDSVOLL, markSailed } from '../naval/ships.js';

/** Re-exported for the rules API's importers; the schemas belong to the model. */
export { APRIL9_SCHEMAS, type April9ActionType };

type Args<T extends April9ActionType> = z.infer<(typeof APRIL9_SCHEMAS)[T]>;
type Handler<T extends April9ActionType> = {
  stages: readonly Stage[];
  run(G: GameState, f: Faction, a: Args<T>, rng: Rng, dry: boolean): void;
};

/** Moves whose arguments name the mover's own secret ships or 9. April cards. */
export const APRIL9_SECRET_ARGS: readonly April9ActionType[] = [
  'chooseApril9',
  'placeShip',
  'placeShips',
  'playApril9',
  'raid',
  'landShips',
  'tradeApril9',
];

function ensureHoldsApril9(G: GameState, f: Faction, card: string): void {
  ensure(april9(G).hands[f].includes(card), 'card-not-in-hand', 'that 9. April card is not in your hand');
}
function spendApril9(G: GameState, f: Faction, card: string): void {
  const s = april9(G);
  s.hands[f] = s.hands[f].filter((c) => c !== card);
  s.used.push(card);
  G.cardsUsed[f] += 1;
}

/**
 * Norway's opening places still open that `where` can fill (EN 7.0). The two mobilisation-point
 * battalions may share a point: the book says "any mobilization points" and limits one battalion a
 * point only for the mobilisation of phase 3 (EN 7.3).
 */
function deploySlot(G: GameState, where: AreaId): 'oslo' | 'mobilization' | null {
  const d = april9(G).deploy;
  const mobilization = d.mobilization > 0 && areaData(where).mobilizationPoint;
  const oslo = d.oslo > 0 && (where === NORWAY_OSLO_START || neighbours(NORWAY_OSLO_START).includes(where));
  // Where both fit, fill a mobilisation place first: Oslo's place has more areas left to fill it.
  return mobilization ? 'mobilization' : oslo ? 'oslo' : null;
}

/** Zones where `f` may place its ships on 9 April. */
function shipZones(f: Faction): readonly SeaZone[] {
  if (f === 'norway') return SEA_ZONES.filter((z) => !(EIDSVOLL_FORBIDDEN_ZONES as readonly string[]).includes(z));
  if (f === 'allies') return SEA_ZONES.filter((z) => !(ALLIED_FORBIDDEN_ZONES as readonly string[]).includes(z));
  return SEA_ZONES;
}
/** Ships `f` still has to place now. */
export function shipsToPlace(G: GameState, f: Faction): string[] {
  if (G.april9) return f === 'allies' ? april9(G).alliedDrawn : G.shipReserve[f];
  return f === 'allies' && G.homeFleetDue ? G.shipReserve.allies : [];
}

/** Ships of Germany that may land from `zone` now (not dummies, not landed, not raiding). */
function mayLand(G: GameState, id: string, z: SeaZone): boolean {
  const s = april9(G);
  if (s.landed.includes(id) || isDummy(id)) return false;
  if (s.sailors?.ship === id) return s.sailors.zone === z;
  const piece = G.ships.find((x) => x.id === id);
  return !!piece && piece.owner === 'germany' && piece.at === z;
}

const HANDLERS: { [T in April9ActionType]: Handler<T> } = {
  chooseApril9: {
    stages: ['april9Choose'],
    run(G, f, { cards }, _rng, dry) {
      const s = april9(G);
      ensure(cards.length === APRIL9_KEEP[f], 'bad-choice', `keep exactly ${APRIL9_KEEP[f]} cards`);
      ensure(new Set(cards).size === cards.length, 'duplicate-card', 'each card once');
      ensure(
        cards.every((c) => s.boxed[f].includes(c)),
        'bad-choice',
        'choose from your own 9. April cards',
      );
      if (dry) return;
      s.hands[f] = [...cards];
      s.boxed[f] = s.boxed[f].filter((c) => !cards.includes(c));
      log(G, f, 'april9CardsChosen', { count: cards.length });
      G.done = 'step';
    },
  },

  deploy: {
    stages: ['april9Deploy'],
    run(G, _f, { area }, _rng, dry) {
      const slot = deploySlot(G, area);
      ensure(slot, 'wrong-area', 'one battalion in Oslo or a neighbour of Oslo, two on mobilisation points');
      if (dry) return;
      const s = april9(G);
      if (slot === 'oslo') s.deploy.oslo -= 1;
      else {
        s.deploy.mobilization -= 1;
        s.deploy.mobilizationAreas.push(area);
      }
      addUnits(G, area, 'norway', 1, false);
      G.created.norway += 1;
      log(G, 'norway', 'april9Deployed', { area });
      if (s.deploy.oslo + s.deploy.mobilization === 0) G.done = 'step';
    },
  },

  placeShip: {
    stages: ['april9Ships', 'movement'],
    run(G, f, { ship: id, zone: z }, _rng, dry) {
      ensure(shipsToPlace(G, f).includes(id), 'bad-ship', 'that ship is not yours to place now');
      ensure(
        shipZones(f).includes(z),
        'wrong-zone',
        f === 'allies' ? 'Allied ships stay out of zones I and II' : 'Eidsvoll & Norge may not lie in zone VIII',
      );
      if (!G.april9) ensure(z !== 'I' && z !== 'II', 'wrong-zone', 'the home fleet comes into zones III–VIII');
      if (dry) return;
      const faceUp = id === EIDSVOLL;
      G.shipReserve[f] = G.shipReserve[f].filter((x) => x !== id);
      G.ships.push({ id, owner: f, at: z, faceUp });
      // Face-down ships are logged by zone only: their identity is secret.
      log(G, f, 'shipPlaced', faceUp ? { zone: z, ship: id } : { zone: z });
      if (!G.april9) {
        // The home fleet's arrival is these ships' move this turn (docs/rules-decisions.md).
        markSailed(G, id);
        if (G.shipReserve.allies.length === 0) G.homeFleetDue = false;
        return;
      }
      const s = april9(G);
      if (f === 'allies') s.alliedDrawn = s.alliedDrawn.filter((x) => x !== id);
      if (shipsToPlace(G, f).length === 0) G.done = 'step';
    },
  },

  placeShips: {
    stages: ['april9Ships', 'movement'],
    run(G, f, { ships, zone: z }, rng, dry) {
      ensure(new Set(ships).size === ships.length, 'duplicate-ship', 'each ship once');
      // Every ship is checked before any is placed: a group is placed whole or not at all.
      for (const id of ships) HANDLERS.placeShip.run(G, f, { ship: id, zone: z }, rng, true);
      if (dry) return;
      for (const id of ships) HANDLERS.placeShip.run(G, f, { ship: id, zone: z }, rng, false);
    },
  },

  playApril9: {
    stages: ['april9Window', 'april9Movement', 'attackerCards', 'reinforcement'],
    run(G, f, a, rng, dry) {
      ensure(G.april9, 'wrong-time', '9. April cards are played only in the 9. April turn');
      ensureHoldsApril9(G, f, a.card);
      const stage = actorStage(G);
      const { rule, w } = ruleFor(G, f, a.card, stage);
      const { card, ...params } = a;
      const e = april9Card(card).effect;
      rule.check(G, f, e as never, params as April9Params, w);
      if (dry) return;
      spendApril9(G, f, card);
      log(G, f, 'april9CardPlayed', { card });
      if (w) closeWindow(G);
      rule.apply(G, f, card, e as never, params as April9Params, w, rng);
    },
  },

  deceive: {
    stages: ['april9Deceive'],
    run(G, _f, { to }, rng, dry) {
      const p = G.prompts[G.prompts.length - 1];
      ensure(p?.kind === 'april9Deceive', 'wrong-time', 'no deceived ship to move');
      ensure(deceiveDestinations(p.zone).includes(to), 'wrong-zone', 'a neighbouring zone open to Allied ships');
      if (dry) return;
      p.to.push(to);
      if (p.to.length === p.hits) carryOutDeception(G, rng);
    },
  },

  raid: {
    stages: ['april9Raid'],
    run(G, _f, { ship: id }, _rng, dry) {
      ensure(mayRaid(G, id), 'bad-ship', 'a German slagskip or tung krysser in zone VI, VII or VIII');
      if (dry) return;
      sendRaiding(G, id);
    },
  },

  landShips: {
    stages: ['april9Landing'],
    run(G, _f, { zone: z, area, ships }, _rng, dry) {
      const s = april9(G);
      ensure(!s.landing, 'wrong-time', 'a landing is still under way');
      ensure(coastZones(area).includes(z), 'wrong-area', 'land on the coast of the ships’ sea zone');
      ensure(new Set(ships).size === ships.length, 'duplicate-ship', 'each ship once');
      ensure(
        ships.every((id) => mayLand(G, id, z)),
        'bad-ship',
        'each ship must be a German warship in that zone that has not landed',
      );
      ensure(!s.blocked.includes(area), 'blocked', 'Kystfort has shut that city to landings');
      if (dry) return;
      for (const id of ships) {
        const piece = G.ships.find((x) => x.id === id);
        if (piece) piece.faceUp = true;
      }
      s.landing = { zone: z, area, ships: [...ships] };
      // The ships are shown on the board; the log keeps only counts (they are turned down later).
      log(G, 'germany', 'april9Landing', { zone: z, area, count: ships.length });
      // From Eidsvoll & Norge's zone the landing ships fight it first (EN/NO 7.2); the windows follow.
      if (eidsvollBlocksLanding(G, z) && fightEidsvoll(G, s.landing)) return;
      openLandingWindows(G, s.landing);
    },
  },

  mobilize: {
    stages: ['april9Mobilize'],
    run(G, _f, { area }, _rng, dry) {
      const s = april9(G);
      ensure(s.mobilization > 0, 'not-enough', 'no mobilisation left');
      ensure(
        freeMobilizationPoints(G).includes(area) && !s.mobilized.includes(area),
        'wrong-area',
        'a free mobilisation point, one battalion each',
      );
      if (dry) return;
      s.mobilization -= 1;
      s.mobilized.push(area);
      addUnits(G, area, 'norway', 1, false);
      G.created.norway += 1;
      log(G, 'norway', 'mobilized', { area });
      if (s.mobilization === 0) G.done = 'step';
    },
  },

  tradeApril9: {
    stages: ['reinforcement'],
    run(G, f, { cards }, _rng, dry) {
      ensure(G.april9, 'wrong-time', '9. April cards are traded only in the 9. April turn');
      ensure(new Set(cards).size === cards.length, 'duplicate-card', 'a card can be traded only once');
      for (const c of cards) ensureHoldsApril9(G, f, c);
      if (dry) return;
      let symbols = 0;
      for (const c of cards) {
        symbols += april9SymbolsOf(c);
        spendApril9(G, f, c);
      }
      G.reinforcements.symbols += symbols;
      log(G, f, 'traded', { cards, symbols });
    },
  },

  pullBack: {
    stages: ['april9Retreat'],
    run(G, _f, { to }, _rng, dry) {
      const p = G.prompts[G.prompts.length - 1];
      ensure(p?.kind === 'april9Retreat', 'wrong-time', 'nothing to pull back');
      ensure(p.options.includes(to), 'bad-retreat', 'they cannot go there');
      if (dry) return;
      pullBack(G, p.area, to, 1);
      p.count -= 1;
      if (p.count === 0) {
        G.prompts.pop();
        endIfUnopposed(G);
      }
    },
  },
};

export const APRIL9_HANDLERS = HANDLERS as { [T in April9ActionType]: Handler<T> };

function actorStage(G: GameState): Stage {
  return actor(G)!.stage;
}

/** Pass in a 9. April window. */
export function passApril9Window(G: GameState, rng: Rng): void {
  const p = closeWindow(G);
  april9WindowPassed(G, p, rng);
}

/** "Done" in the steps Germany or Norway end themselves; in the reinforcements, the faction whose they are. */
export function endApril9Phase(G: GameState, f: Faction, dry: boolean): void {
  const s = april9(G);
  switch (s.step) {
    case 'movement':
    case 'raid':
    case 'landing':
    case 'mobilize':
      break;
    case 'reinforcement':
      ensure(s.who === f, 'not-your-turn', 'not your reinforcements');
      break;
    default:
      fail('wrong-time', 'nothing to end now');
  }
  if (dry) return;
  G.done = 'step';
}

// ---------------------------------------------------------------- candidates

function subsets<T>(xs: readonly T[], max: number): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << xs.length; mask++) {
    const pick = xs.filter((_, i) => mask & (1 << i));
    if (pick.length <= max) out.push(pick);
  }
  return out;
}
function combinations<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (xs.length < k) return [];
  const [first, ...rest] = xs;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

/**
 * The groups of ships worth listing for placing at once (the action takes any group): the first k
 * ships of each type for every k from 2, and every union of whole types (all ships left among them).
 * Ships of one type are alike in every rule, so "k of this type" is all a player decides.
 */
export function shipGroups(ids: readonly string[]): string[][] {
  const byType = new Map<string, string[]>();
  for (const id of ids) byType.set(ship(id).type, [...(byType.get(ship(id).type) ?? []), id]);
  const types = [...byType.values()];
  const out: string[][] = [];
  for (const same of types) for (let k = 2; k < same.length; k++) out.push(same.slice(0, k));
  for (let mask = 1; mask < 1 << types.length; mask++) {
    const pick = types.filter((_, i) => mask & (1 << i)).flat();
    if (pick.length > 1) out.push(pick);
  }
  return out;
}

/**
 * Arguments worth trying for each 9. April action. Landings list every group of up to four ships
 * of a zone, and the whole zone's ships (the action itself accepts any group).
 */
export function april9Candidates(G: GameState, f: Faction, type: April9ActionType): unknown[] {
  const s = G.april9;
  switch (type) {
    case 'chooseApril9':
      return s ? combinations(s.boxed[f], APRIL9_KEEP[f]).map((cards) => ({ cards })) : [];
    case 'deploy':
      return AREA_IDS.map((area) => ({ area }));
    case 'placeShip':
      return shipsToPlace(G, f).flatMap((id) => SEA_ZONES.map((z) => ({ ship: id, zone: z })));
    case 'placeShips': {
      const groups = shipGroups(shipsToPlace(G, f));
      return SEA_ZONES.flatMap((z) => groups.map((ships) => ({ ships, zone: z })));
    }
    case 'playApril9': {
      if (!s) return [];
      const top = G.prompts[G.prompts.length - 1];
      const w = top?.kind === 'april9Window' && top.faction === f ? top : null;
      return s.hands[f].flatMap((card) =>
        (APRIL9_RULES[april9Card(card).effect.kind].candidates as (G: GameState, f: Faction, w: typeof top | null) => April9Params[])(
          G,
          f,
          w,
        ).map((p) => ({ card, ...p })),
      );
    }
    case 'deceive':
      return SEA_ZONES.map((to) => ({ to }));
    case 'raid':
      return G.ships.filter((x) => x.owner === 'germany').map((x) => ({ ship: x.id }));
    case 'landShips': {
      if (!s) return [];
      const out: unknown[] = [];
      for (const z of SEA_ZONES) {
        const here = G.ships.filter((x) => x.owner === 'germany' && x.at === z).map((x) => x.id);
        if (s.sailors?.zone === z) here.push(s.sailors.ship);
        const able = here.filter((id) => mayLand(G, id, z));
        if (able.length === 0) continue;
        const groups = [...subsets(able, 4)];
        if (able.length > 4) groups.push(able);
        for (const area of AREA_IDS.filter((a) => coastZones(a).includes(z)))
          for (const ships of groups) out.push({ zone: z, area, ships });
      }
      return out;
    }
    case 'mobilize':
      return freeMobilizationPoints(G).map((area) => ({ area }));
    case 'tradeApril9':
      return s ? subsets(s.hands[f], 5).map((cards) => ({ cards })) : [];
    case 'pullBack': {
      const p = G.prompts[G.prompts.length - 1];
      return p?.kind === 'april9Retreat' ? p.options.map((to) => ({ to })) : [];
    }
  }
}
