/**
 * Every decision a player can make, as one action with zod-checked arguments. `perform` refuses an
 * illegal action with a RuleError before changing anything; `check` is the same test with no effect.
 */
import type { AreaId, Faction } from '../types.js';
import { AREA_IDS, areNeighbours, bordersRedZone, isAlliedCoast, area as areaData } from '../board/index.js';
import { cardDef, symbolsOf } from '../cards/index.js';
import type { GameState } from './model/state.js';
import { ACTION_SCHEMAS, ACTION_TYPES, type Action, type ActionArgs, type ActionType, type CardParams } from './model/actions.js';
import type { Rng } from './kernel/rng.js';
import { ensure, fail, refusalOf, type Refusal } from './kernel/errors.js';
import { actor, advance, olderThen, reinforcementsAvailable, reinforcementsUsed } from './flow.js';
import { addUnits, count, hasEnemy, removeUnits, unmoved } from './kernel/forces.js';
import { addAttack, moveAlong } from './kernel/movement.js';
import {
  attackerGroups,
  chooseRetreat,
  continueLosses,
  defenderGroups,
  nextDefenderWindow,
  openDefenderWindows,
  pendingLossDecision,
  rollDice,
  startCombat,
  validateSplit,
} from './combat.js';
import { EFFECTS, carryOutSabotage, resumeAfterEvacuation } from './effects.js';
import { ensureHolds, spendCard } from './kernel/hand.js';
import { checkElimination } from './kernel/victory.js';
import { isMobilizationSite } from './kernel/queries.js';
import { ALLIED_LANDING } from './setup.js';
import { inPlay } from './kernel/region.js';
import { log } from './kernel/log.js';
import { APRIL9_HANDLERS, endApril9Phase, passApril9Window } from './april9/actions.js';
import { openWindowsAt } from './april9/windows.js';
import { NAVAL_HANDLERS, passNaval } from './naval/actions.js';
import { isNavalStage, type Stage } from './model/stage.js';
import { checkAdvancedPlacement, checkShipPrerequisites, notePlacement } from './naval/control.js';

/** Re-exported for the rules API's importers; the schemas belong to the model. */
export { ACTION_SCHEMAS, ACTION_TYPES, type Action, type ActionArgs, type ActionType };

type Handler<T extends ActionType> = {
  /** Stages in which this action is asked for (card plays also check their effect's own stages). */
  stages: readonly Stage[];
  /** Validates, then (unless `dry`) carries out. Must not change G before its last check. */
  run(G: GameState, f: Faction, a: ActionArgs<T>, rng: Rng, dry: boolean): void;
};

const HANDLERS: { [T in ActionType]: Handler<T> } = {
  move: {
    stages: ['movement'],
    run(G, f, { from, to, count: n }, _rng, dry) {
      ensure(areNeighbours(from, to), 'not-adjacent', 'battalions move one area at a time, to a neighbour');
      ensure(inPlay(G, to), 'out-of-play', 'that area is not in play in this scenario');
      ensure(n <= unmoved(G, from, f), 'not-enough', 'not that many battalions there can still move this turn');
      if (dry) return;
      removeUnits(G, from, f, n);
      moveAlong(G, f, from, to, n);
    },
  },

  playCard: {
    stages: [
      'movement',
      'reinforcement',
      'sabotage',
      'engineers',
      'paratroopers',
      'submarine',
      'attackerCards',
      'defenderCards',
      'counter',
      'evacuate',
    ],
    run(G, f, a, rng, dry) {
      ensureHolds(G, f, a.card);
      const def = cardDef(a.card);
      const effect = def.effects[a.effect];
      ensure(effect, 'bad-effect', 'that card has no such effect');
      const rule = EFFECTS[effect.kind] as (typeof EFFECTS)['attackDice'];
      const stage = actor(G)!.stage;
      ensure(rule.stages.includes(stage), 'wrong-time', `${def.title} cannot be used that way now`);
      const params: CardParams = a;
      rule.check(G, f, a.card, effect as never, params);
      checkShipPrerequisites(G, f, effect, params);
      if (dry) return;
      spendCard(G, f, a.card);
      log(G, f, 'cardPlayed', { card: a.card, effect: a.effect });
      rule.apply(G, f, a.card, effect as never, params, rng);
      checkElimination(G);
    },
  },

  pass: {
    stages: [
      'sabotage',
      'engineers',
      'paratroopers',
      'submarine',
      'attackerCards',
      'defenderCards',
      'counter',
      'evacuate',
      'april9Window',
      'navalAttackerCards',
      'navalDefenderCards',
      'navalCounter',
    ],
    run(G, f, _a, rng, dry) {
      if (dry) return;
      const stage = actor(G)!.stage;
      if (isNavalStage(stage)) return passNaval(G, rng);
      switch (stage) {
        case 'april9Window':
          passApril9Window(G, rng);
          return;
        case 'sabotage':
        case 'paratroopers':
        case 'submarine':
          G.prompts.pop();
          return;
        case 'engineers':
          carryOutSabotage(G);
          return;
        case 'attackerCards':
          openDefenderWindows(G, rng);
          return;
        case 'defenderCards':
          nextDefenderWindow(G, rng);
          return;
        case 'counter':
          rollDice(G, rng);
          return;
        case 'evacuate':
          resumeAfterEvacuation(G);
          return;
        default:
          fail('wrong-time', `nothing to pass in ${stage} (${f})`);
      }
    },
  },

  endPhase: {
    stages: ['movement', 'reinforcement', 'april9Movement', 'april9Raid', 'april9Landing', 'april9Mobilize'],
    run(G, f, _a, _rng, dry) {
      if (G.april9) return endApril9Phase(G, f, dry);
      if (G.phase === 'movement' && f === 'allies' && G.homeFleetDue) {
        ensure(G.shipReserve.allies.length === 0, 'must-place-ships', 'the Allies must first bring their other ships into zones III–VIII');
      }
      if (G.phase === 'reinforcement' && f === 'allies' && !G.alliesLanded) {
        ensure(landingPairs(G).length === 0, 'must-land', 'the Allies must first land their six battalions');
      }
      if (dry) return;
      if (G.phase === 'reinforcement' && f === 'allies' && !G.alliesLanded) G.alliesLanded = true; // nowhere to land: the chance is gone
      G.done = 'step';
    },
  },

  chooseCombat: {
    stages: ['combat'],
    run(G, _f, { area }, _rng, dry) {
      ensure(
        G.attacks.some((a) => a.target === area),
        'no-combat',
        'there is no combat there',
      );
      if (dry) return;
      startCombat(G, area);
    },
  },

  chooseLosses: {
    stages: ['losses'],
    run(G, f, { losses }, _rng, dry) {
      const c = G.combat!;
      const d = pendingLossDecision(G)!;
      ensure(d.faction === f, 'not-your-choice', 'the other side chooses these losses');
      if (d.kind === 'attackerSplit') validateSplit(attackerGroups(G, c), losses, c.hits!.attacker);
      else validateSplit(defenderGroups(G, c), losses, c.hits!.defender);
      if (dry) return;
      if (d.kind === 'attackerSplit') c.attackerLosses = losses;
      else if (d.kind === 'propose') {
        c.proposal = losses;
        return;
      } else c.defenderLosses = losses;
      continueLosses(G);
    },
  },

  answerLosses: {
    stages: ['answerLosses'],
    run(G, _f, { accept }, _rng, dry) {
      if (dry) return;
      const c = G.combat!;
      if (accept) c.defenderLosses = c.proposal;
      else c.germanyDecidesLosses = true;
      c.proposal = null;
      log(G, 'allies', accept ? 'lossesAgreed' : 'lossesDisputed', { area: c.area });
      continueLosses(G);
    },
  },

  retreat: {
    stages: ['retreat'],
    run(G, _f, { to }, _rng, dry) {
      ensure(G.combat!.retreat!.options.includes(to), 'bad-retreat', 'they cannot retreat there');
      if (dry) return;
      chooseRetreat(G, to);
    },
  },

  trade: {
    stages: ['reinforcement', 'movement'],
    run(G, f, { cards }, _rng, dry) {
      ensure(reinforcementsUsed(G), 'no-reinforcements', 'this scenario has no reinforcements');
      if (G.phase === 'movement')
        ensure(G.invasion, 'wrong-time', 'cards are traded for battalions in the reinforcement phase (or with Invasjon)');
      ensure(new Set(cards).size === cards.length, 'duplicate-card', 'a card can be traded only once');
      for (const card of cards) ensureHolds(G, f, card);
      if (dry) return;
      for (const card of cards) {
        G.reinforcements.symbols += symbolsOf(card);
        spendCard(G, f, card);
      }
      log(G, f, 'traded', { cards, symbols: cards.reduce((s, c) => s + symbolsOf(c), 0) });
    },
  },

  place: {
    stages: ['reinforcement', 'movement'],
    run(G, f, { area, count: n, byAir }, _rng, dry) {
      if (G.phase === 'movement')
        ensure(G.invasion && f === 'allies', 'wrong-time', 'reinforcements are placed in the reinforcement phase');
      ensure(n <= reinforcementsAvailable(G), 'not-enough', 'you have not bought that many battalions');
      checkPlacement(G, f, area, n, !!byAir);
      if (dry) return;
      G.reinforcements.placed += n;
      G.created[f] += n;
      if (byAir) G.reinforcements.airSlots -= n;
      if (f === 'norway') G.reinforcements.areas.push(area);
      if (G.ruleset === 'advanced' && !byAir) notePlacement(G, f, area, n);
      if (G.phase === 'movement' && hasEnemy(G, area, f)) {
        addAttack(G, { faction: f, target: area, from: null, route: 'sea', count: n });
      } else addUnits(G, area, f, n, G.phase === 'movement');
      log(G, f, 'reinforced', { area, count: n, byAir: !!byAir });
      // The enemy's Ubåt may strike at once (Transportfly's cargo is out of its reach).
      if (G.april9) {
        if (f === 'germany' && !byAir) openWindowsAt(G, 'germanReinforcement', { area, count: n });
      } else if (f !== 'norway' && !byAir)
        G.prompts.push({ kind: 'submarine', faction: f === 'germany' ? 'allies' : 'germany', area, count: n });
    },
  },

  land: {
    stages: ['reinforcement'],
    run(G, f, { areas }, _rng, dry) {
      ensure(f === 'allies' && !G.alliesLanded, 'wrong-time', 'only the Allies land, once, in their first reinforcement phase');
      ensure(!G.april9, 'wrong-time', 'the Allies land their first battalions in their first ordinary turn');
      const [a, b] = areas;
      ensure(
        landingPairs(G).some(([x, y]) => (x === a && y === b) || (x === b && y === a)),
        'bad-landing',
        'two different free coastal areas on zones III–VII that do not border each other',
      );
      if (dry) return;
      G.alliesLanded = true;
      for (const where of [b, a]) {
        addUnits(G, where, 'allies', ALLIED_LANDING.perStack, false);
        G.created.allies += ALLIED_LANDING.perStack;
        G.prompts.push({ kind: 'submarine', faction: 'germany', area: where, count: ALLIED_LANDING.perStack });
      }
      log(G, 'allies', 'landed', { areas: [a, b] });
    },
  },

  discard: {
    stages: ['discard'],
    run(G, f, { card }, _rng, dry) {
      ensureHolds(G, f, card);
      if (dry) return;
      spendCard(G, f, card, false);
      G.prompts.pop();
      log(G, f, 'discarded', { card });
    },
  },

  withdraw: {
    stages: ['withdraw'],
    run(G, f, { removals }, _rng, dry) {
      const prompt = G.prompts[G.prompts.length - 1];
      ensure(prompt?.kind === 'withdraw', 'wrong-time', 'nothing to withdraw');
      const total = removals.reduce((s, r) => s + r.count, 0);
      ensure(total === prompt.count, 'bad-withdrawal', `remove exactly ${prompt.count} battalions`);
      const perArea = new Map<AreaId, number>();
      for (const r of removals) perArea.set(r.area, (perArea.get(r.area) ?? 0) + r.count);
      for (const [a, n] of perArea) ensure(count(G, a, f) >= n, 'bad-withdrawal', `not that many battalions in ${a}`);
      if (dry) return;
      for (const [a, n] of perArea) {
        removeUnits(G, a, f, n);
        G.destroyed[f] += n;
      }
      G.prompts.pop();
      log(G, f, 'withdrew', { count: total });
    },
  },
  ...APRIL9_HANDLERS,
  ...NAVAL_HANDLERS,
};

/** Where `f` may place `n` reinforcements now (throws RuleError when not). */
export function checkPlacement(G: GameState, f: Faction, where: AreaId, n: number, byAir: boolean): void {
  ensure(inPlay(G, where), 'out-of-play', 'that area is not in play in this scenario');
  if (byAir) {
    ensure(f === 'germany' && G.reinforcements.airSlots >= n, 'no-air-transport', 'play Transportfly first (two battalions per card)');
    ensure(areaData(where).airfield && count(G, where, 'germany') > 0, 'wrong-area', 'Transportfly lands on an air field Germany holds');
    return;
  }
  // The advanced game places German and Allied reinforcements by sea control (EN 8.3).
  if (G.ruleset === 'advanced' && f !== 'norway') {
    checkAdvancedPlacement(G, f, where, n);
    return;
  }
  if (G.phase === 'movement') {
    ensure(isAlliedCoast(where), 'wrong-area', 'Invasjon lands on the coast of zones III–VII');
    return;
  }
  ensure(!hasEnemy(G, where, f), 'wrong-area', 'not into an area the enemy holds');
  if (f === 'germany') ensure(bordersRedZone(where), 'wrong-area', 'Germany reinforces on the coast of zones I and II');
  if (f === 'allies') ensure(isAlliedCoast(where), 'wrong-area', 'the Allies reinforce on the coast of zones III–VII');
  if (f === 'norway') {
    ensure(isMobilizationSite(where), 'wrong-area', 'Norway mobilises on mobilisation points and victory cities');
    ensure(n === 1 && !G.reinforcements.areas.includes(where), 'one-per-area', 'Norway places at most one battalion per area each round');
  }
}

/** Pairs of areas where the Allies' first six battalions may come ashore. */
export function landingPairs(G: GameState): [AreaId, AreaId][] {
  const coast = AREA_IDS.filter((a) => isAlliedCoast(a) && inPlay(G, a) && !hasEnemy(G, a, 'allies'));
  const pairs: [AreaId, AreaId][] = [];
  for (let i = 0; i < coast.length; i++)
    for (let j = i + 1; j < coast.length; j++) if (!areNeighbours(coast[i]!, coast[j]!)) pairs.push([coast[i]!, coast[j]!]);
  return pairs;
}

/** The stages each action belongs to (for listing legal actions). */
export const HANDLERS_STAGES: { [T in ActionType]: readonly Stage[] } = Object.fromEntries(
  ACTION_TYPES.map((t) => [t, HANDLERS[t].stages]),
) as { [T in ActionType]: readonly Stage[] };

/** Parse untrusted input into an action, or throw a RuleError. */
export function parseAction(type: unknown, args: unknown): Action {
  if (typeof type !== 'string' || !Object.hasOwn(ACTION_SCHEMAS, type)) fail('unknown-action', `no such action: ${String(type)}`);
  const parsed = ACTION_SCHEMAS[type as ActionType].safeParse(args ?? {});
  if (!parsed.success) fail('bad-arguments', parsed.error.issues.map((i) => `${i.path.join('.') || 'args'}: ${i.message}`).join('; '));
  return { type, args: parsed.data } as Action;
}

/** Whether it is `f`'s turn to take an action of this type (throws RuleError when not). */
export function checkTurn(G: GameState, f: Faction, type: ActionType): void {
  ensure(!G.result, 'game-over', 'the game is over');
  const a = actor(G);
  ensure(a && a.faction === f, 'not-your-turn', a ? `waiting for ${a.faction}` : 'nobody is to act');
  ensure(HANDLERS[type].stages.includes(a.stage), 'wrong-time', `${type} is not possible now (${a.stage})`);
}

/** Carry out an action for faction `f`, or throw RuleError with nothing changed. */
export function perform(G: GameState, f: Faction, action: Action, rng: Rng): void {
  checkTurn(G, f, action.type);
  const older = olderThen(G);
  (HANDLERS[action.type] as Handler<ActionType>).run(G, f, action.args as never, rng, false);
  // What follows the action (the next combat, step or turn) is the sequencer's.
  advance(G, rng, older);
}

/**
 * `perform`'s checks without its effect (no change, no dice): throws the RuleError `perform` would.
 * `turnChecked`: the caller has already run `checkTurn` for this faction and type on this state.
 */
export function dryRun(G: GameState, f: Faction, action: Action, turnChecked = false): void {
  if (!turnChecked) checkTurn(G, f, action.type);
  (HANDLERS[action.type] as Handler<ActionType>).run(G, f, action.args as never, NO_DICE, true);
}

/** Why `perform` would refuse the action (its RuleError's code and message), or null when it would accept it. */
export function whyIllegal(G: GameState, f: Faction, action: Action): Refusal | null {
  return refusalOf(() => dryRun(G, f, action));
}

/** Whether `perform` would accept the action (no change, no dice). */
export function isLegal(G: GameState, f: Faction, action: Action): boolean {
  return whyIllegal(G, f, action) === null;
}
const NO_DICE: Rng = {
  d6: () => {
    throw new Error('dry run rolled a die');
  },
  shuffle: () => {
    throw new Error('dry run shuffled');
  },
};
