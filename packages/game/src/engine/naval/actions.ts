/**
 * The naval decisions of an ordinary advanced turn as actions: zod-checked arguments, and handlers
 * with engine/actions.ts's contract (validate fully, then change G unless `dry`), with their
 * candidates for legal-action listing.
 */
import type { z } from 'zod';
import type { Faction } from '../../types.js';
import { BOARD } from '../../board/index.js';
import { cardDef, symbolsOf } from '../../cards/index.js';
import { RAID_RECALL_SYMBOLS } from '../../cards/advanced.js';
import type { GameState, ShipLocation } from '../model/state.js';
import { NAVAL_SCHEMAS, type NavalActionType } from '../model/actions.js';
import type { Rng } from '../kernel/rng.js';
import { actor } from '../flow.js';
import type { Stage } from '../model/stage.js';
import { ensure, fail } from '../kernel/errors.js';
import { ensureHolds, spendCard } from '../kernel/hand.js';
import { germanAirfields } from '../kernel/queries.js';
import { log } from '../kernel/log.js';
import { advancedAtSea, carrierAt } from './control.js';
import {
  answerInterception,
  checkSail,
  departed,
  endForce,
  landMovementBegun,
  mayStartSailing,
  sail,
  sailOnCandidates,
} from './movement.js';
import {
  activeNavalCards,
  afterAttackerCards,
  afterDefenderCards,
  beginNavalCombat,
  chaseOptions,
  chaseShip,
  chaser,
  commitShips,
  navalTypeTaken,
  rollNaval,
  settleGermanVoids,
  volunteerOptions,
} from './combat.js';
import { navalState, sideOfFaction, zonesNextTo } from './ships.js';
import { checkWithdrawal, withdraw, withdrawalCandidates } from './withdrawal.js';

/** Re-exported for the rules API's importers; the schemas belong to the model. */
export { NAVAL_SCHEMAS, type NavalActionType };

type Args<T extends NavalActionType> = z.infer<(typeof NAVAL_SCHEMAS)[T]>;
type Handler<T extends NavalActionType> = {
  stages: readonly Stage[];
  run(G: GameState, f: Faction, a: Args<T>, rng: Rng, dry: boolean): void;
};

/** Moves whose arguments name the mover's own face-down ships: boardgame.io blanks them for the others. */
export const NAVAL_SECRET_ARGS: readonly NavalActionType[] = ['sail', 'commitShips', 'chaseShip', 'withdrawShips'];

const CARD_STAGES = ['navalAttackerCards', 'navalDefenderCards', 'navalCounter'] as const;

function stageOf(G: GameState): Stage {
  return actor(G)!.stage;
}
function combatOf(G: GameState) {
  const c = G.naval?.combat;
  ensure(c, 'no-combat', 'there is no naval combat now');
  return c;
}

/** Cards in force that a cancel effect may hit (the other side's, of the titles it names). */
function cancelTargets(G: GameState, role: 'attacker' | 'defender', targets: readonly string[]): string[] {
  const c = G.naval?.combat;
  if (!c) return [];
  return activeNavalCards(c)
    .filter((p) => p.side !== role && targets.includes(cardDef(p.card).id))
    .map((p) => p.card);
}

/** Whether a card effect may be played at sea now; throws RuleError with the reason when not. */
function checkNavalCard(G: GameState, f: Faction, card: string, effect: number, target: string | undefined): void {
  const c = combatOf(G);
  const stage = stageOf(G);
  const role = stage === 'navalDefenderCards' ? 'defender' : 'attacker';
  const e = cardDef(card).effects[effect];
  ensure(e, 'bad-effect', 'that card has no such effect');
  ensure(
    sideOfFaction(f) === (role === 'attacker' ? c.attacker : c.attacker === 'germany' ? 'allies' : 'germany'),
    'not-your-side',
    'not your side of this combat',
  );
  ensure(!navalTypeTaken(c, role, card, effect), 'card-type-used', 'your side has already played a card of that type in this combat');
  if (e.kind === 'navalSink') {
    ensure(stage !== 'navalCounter', 'wrong-time', 'only cancelling cards are played in the counter step');
    if (e.airRange) {
      ensure(stage === 'navalAttackerCards', 'wrong-time', 'Bombefly strikes at sea only when Germany attacks');
      const reach = germanAirfields(G).some((a) => BOARD.airRangeAtSea?.[a]?.includes(c.zone));
      ensure(reach, 'out-of-air-range', 'no German air field reaches this sea zone');
    }
    return;
  }
  if (e.kind === 'cancel') {
    ensure(stage !== 'navalAttackerCards', 'wrong-time', 'cancelling cards answer the other side');
    if (e.attackerOnly) ensure(stage === 'navalCounter', 'attacker-only', "this card cancels only as the attacker's counter");
    const targets = cancelTargets(G, role, e.targets);
    ensure(targets.length > 0, 'nothing-to-cancel', 'there is no card in play that this can cancel');
    ensure(target === undefined || targets.includes(target), 'bad-target', 'that card cannot be cancelled by this one');
    if (e.needsShip === 'hangarskip')
      ensure(carrierAt(G, c.zone), 'needs-ship', 'Jagerfly needs an Allied aircraft carrier in this sea zone');
    return;
  }
  fail('not-at-sea', `${cardDef(card).title} has no use in a naval combat`);
}

const HANDLERS: { [T in NavalActionType]: Handler<T> } = {
  sail: {
    stages: ['movement', 'sailOn'],
    run(G, f, { ships, to }, _rng, dry) {
      ensure(advancedAtSea(G), 'wrong-time', 'ships sail in the advanced game after 9. April');
      if (!G.naval?.force) ensure(!landMovementBegun(G), 'wrong-time', 'naval movement comes before land movement');
      checkSail(G, f, ships, to);
      if (dry) return;
      sail(G, f, ships, to);
    },
  },

  anchor: {
    stages: ['sailOn'],
    run(G, _f, _a, _rng, dry) {
      if (dry) return;
      endForce(G);
    },
  },

  intercept: {
    stages: ['intercept'],
    run(G, _f, { attempt }, rng, dry) {
      if (dry) return;
      answerInterception(G, attempt, rng);
    },
  },

  recallRaiders: {
    stages: ['movement'],
    run(G, f, { cards }, _rng, dry) {
      ensure(advancedAtSea(G) && f === 'germany', 'wrong-time', 'Germany calls its raiders back in its movement phase');
      ensure(!landMovementBegun(G), 'wrong-time', 'naval movement comes before land movement');
      ensure(
        G.ships.some((s) => s.at === 'raid'),
        'no-raiders',
        'no ship is raiding',
      );
      ensure(!G.naval?.recalled, 'already-recalled', 'the raiders are already called back this turn');
      ensure(new Set(cards).size === cards.length, 'duplicate-card', 'a card can be traded only once');
      for (const card of cards) ensureHolds(G, f, card);
      const symbols = cards.reduce((s, c) => s + symbolsOf(c), 0);
      ensure(symbols >= RAID_RECALL_SYMBOLS, 'not-enough', `calling the raiders back costs ${RAID_RECALL_SYMBOLS} reinforcement symbols`);
      if (dry) return;
      for (const card of cards) spendCard(G, f, card);
      // Symbols beyond the price stay for this turn's reinforcements.
      G.reinforcements.symbols += symbols - RAID_RECALL_SYMBOLS;
      navalState(G).recalled = true;
      log(G, f, 'raidersRecalled', { cards, symbols });
    },
  },

  chooseNavalCombat: {
    stages: ['navalCombat'],
    run(G, _f, { zone: z }, _rng, dry) {
      ensure(
        G.naval?.engagements.some((e) => e.zone === z),
        'no-combat',
        'there is no naval combat in that zone',
      );
      if (dry) return;
      beginNavalCombat(G, z);
    },
  },

  commitShips: {
    stages: ['navalVolunteer'],
    run(G, _f, { ships }, _rng, dry) {
      const options = volunteerOptions(G);
      ensure(
        new Set(ships).size === ships.length && ships.every((id) => options.includes(id)),
        'bad-ship',
        'choose your other ships in this zone',
      );
      if (dry) return;
      commitShips(G, ships);
    },
  },

  playNavalCard: {
    stages: CARD_STAGES,
    run(G, f, { card, effect, target }, _rng, dry) {
      ensureHolds(G, f, card);
      checkNavalCard(G, f, card, effect, target);
      if (dry) return;
      const c = G.naval!.combat!;
      const role = stageOf(G) === 'navalDefenderCards' ? 'defender' : 'attacker';
      const e = cardDef(card).effects[effect]!;
      spendCard(G, f, card);
      const cancels = e.kind === 'cancel' ? (target ?? cancelTargets(G, role, e.targets)[0]) : undefined;
      c.played.push(cancels ? { card, faction: f, side: role, effect, cancels } : { card, faction: f, side: role, effect });
      log(G, f, 'cardPlayed', { card, effect });
      if (cancels) log(G, f, 'cardCancelled', { card: cancels, by: card });
    },
  },

  voidGermanCards: {
    stages: ['navalVoid'],
    run(G, _f, { count }, _rng, dry) {
      const c = combatOf(G);
      ensure(count <= c.germanVoidable, 'too-many', `the German losses void at most ${c.germanVoidable} cards`);
      if (dry) return;
      settleGermanVoids(G, count);
    },
  },

  chaseShip: {
    stages: ['navalChase'],
    run(G, f, { ship: id, to }, _rng, dry) {
      const c = combatOf(G);
      ensure(c.chased.includes(id), 'bad-ship', 'that ship was not chased');
      ensure(
        chaser(G) === f && sideOfFaction(f) !== sideOfFaction(G.ships.find((s) => s.id === id)!.owner),
        'not-your-choice',
        'the chaser decides',
      );
      ensure(chaseOptions(G, id).includes(to), 'wrong-zone', 'a neighbouring zone the ship may enter');
      if (dry) return;
      chaseShip(G, id, to);
    },
  },

  withdrawShips: {
    stages: ['withdrawShips'],
    run(G, _f, { ships }, _rng, dry) {
      const p = G.prompts[G.prompts.length - 1];
      ensure(p?.kind === 'withdrawShips', 'wrong-time', 'no ships to withdraw');
      checkWithdrawal(G, ships, p.count);
      if (dry) return;
      withdraw(G, ships);
      // The battalions' withdrawal (if any) is answered next; the turn ends once both are (flow.ts).
      G.prompts.pop();
    },
  },
};

export const NAVAL_HANDLERS = HANDLERS as { [T in NavalActionType]: Handler<T> };

/** Pass in a naval card window. */
export function passNaval(G: GameState, rng: Rng): void {
  const c = G.naval!.combat!;
  if (c.step === 'attackerCards') afterAttackerCards(G);
  else if (c.step === 'defenderCards') afterDefenderCards(G, rng);
  else rollNaval(G, rng);
}

// ---------------------------------------------------------------- candidates

function groups(ids: readonly string[]): string[][] {
  if (ids.length === 0) return [];
  return ids.length === 1 ? [[...ids]] : [[...ids], ...ids.map((id) => [id])];
}

/** Up to this many ships in one place, every group of them is listed as a task force. */
const EVERY_GROUP_UP_TO = 6;
/**
 * The task forces worth listing from ships lying together: all of them, each alone, then every other
 * group (with more than EVERY_GROUP_UP_TO ships: the pairs and all but one). The action takes any
 * group; a task force is one decision, so the listing must offer the groups a player would send.
 */
function taskForces(ids: readonly string[]): string[][] {
  const out = groups(ids);
  if (ids.length <= 2) return out;
  if (ids.length <= EVERY_GROUP_UP_TO) {
    for (let mask = 1; mask < (1 << ids.length) - 1; mask++) {
      const pick = ids.filter((_, i) => mask & (1 << i));
      if (pick.length > 1) out.push(pick);
    }
    return out;
  }
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) out.push([ids[i]!, ids[j]!]);
  for (const left of ids) out.push(ids.filter((id) => id !== left));
  return out;
}

export function navalCandidates(G: GameState, f: Faction, type: NavalActionType): unknown[] {
  const n = G.naval;
  switch (type) {
    case 'sail': {
      // The handler's first checks, once, so the basic game and land movement list no sailing at all.
      if (!advancedAtSea(G) || (!n?.force && landMovementBegun(G))) return [];
      if (n?.force) {
        const free = sailOnCandidates(n.force);
        const at = n.force.path[n.force.path.length - 1]!;
        return taskForces(free).flatMap((ships) => zonesNextTo(at).map((to) => ({ ships, to })));
      }
      const byPlace = new Map<ShipLocation, string[]>();
      for (const s of G.ships) if (mayStartSailing(G, f, s.id)) byPlace.set(s.at, [...(byPlace.get(s.at) ?? []), s.id]);
      // A first step some task force from that place has taken is closed to the rest (EN 8.1).
      return [...byPlace].flatMap(([at, ids]) => {
        const open = zonesNextTo(at).filter((to) => !departed(G, at, to));
        return taskForces(ids).flatMap((ships) => open.map((to) => ({ ships, to })));
      });
    }
    case 'anchor':
      return [{}];
    case 'intercept':
      return [{ attempt: true }, { attempt: false }];
    case 'recallRaiders': {
      if (f !== 'germany' || !advancedAtSea(G) || landMovementBegun(G) || n?.recalled || !G.ships.some((s) => s.at === 'raid')) return [];
      const hand = G.hands[f];
      const out: { cards: string[] }[] = [];
      for (let mask = 1; mask < 1 << hand.length; mask++) out.push({ cards: hand.filter((_, i) => mask & (1 << i)) });
      return out;
    }
    case 'chooseNavalCombat':
      return (n?.engagements ?? []).map((e) => ({ zone: e.zone }));
    case 'commitShips': {
      const options = volunteerOptions(G);
      return [{ ships: [] }, ...groups(options).map((ships) => ({ ships }))];
    }
    case 'playNavalCard': {
      const c = n?.combat;
      if (!c) return [];
      const others = activeNavalCards(c).map((p) => p.card);
      return G.hands[f].flatMap((card) =>
        cardDef(card).effects.flatMap((e, effect) =>
          e.kind === 'cancel' ? others.map((target) => ({ card, effect, target })) : e.kind === 'navalSink' ? [{ card, effect }] : [],
        ),
      );
    }
    case 'voidGermanCards': {
      const c = n?.combat;
      return c ? Array.from({ length: c.germanVoidable + 1 }, (_, count) => ({ count })) : [];
    }
    case 'chaseShip': {
      const c = n?.combat;
      return c ? c.chased.flatMap((ship) => chaseOptions(G, ship).map((to) => ({ ship, to }))) : [];
    }
    case 'withdrawShips': {
      const p = G.prompts[G.prompts.length - 1];
      return p?.kind === 'withdrawShips' ? withdrawalCandidates(G, p.count).map((ships) => ({ ships })) : [];
    }
  }
}
