/**
 * Every card effect, once: when it may be played (the stages) and what it does. The card catalogue
 * (cards/action-cards.json) says which effects each card has; this module gives them meaning.
 */
import type { AreaId, Faction } from '../types.js';
import { AREA_IDS, borderKind, inAirRange, isAlliedCoast } from '../board/index.js';
import { inPlay, neighboursInPlay } from './kernel/region.js';
import type { EffectKind } from '../cards/schema.js';
import type { Attack, GameState } from './model/state.js';
import type { CardParams } from './model/actions.js';
import { ensure, fail } from './kernel/errors.js';
import { addUnits, count, hasEnemy, isUnderAttack, removeUnits, unmoved } from './kernel/forces.js';
import { germanAirReaches, germanAirfields, withdrawalOptions } from './kernel/queries.js';
import { evacuateOne, continueLosses, continueRetreat } from './combat.js';
import { addAttack, moveAlong } from './kernel/movement.js';
import { log } from './kernel/log.js';

import { attackDice, cancel, checkCombatCard, defenseDice, effectIndex, playInCombat } from './effects-combat.js';
import { countOf, NONE, needArea, type EffectRule } from './effect-rule.js';

export type { CardParams };

// ---------------------------------------------------------------- Norway's sabotage and Germany's answer

function sabotageTarget(G: GameState, p: CardParams): Attack {
  const attack = G.attacks.find((a) => a.id === p.attack);
  ensure(attack, 'bad-attack', 'choose a German attack');
  ensure(attack.faction === 'germany' && attack.from !== null, 'bad-attack', 'only attacks over land can be sent back');
  ensure(count(G, attack.target, 'norway') > 0, 'no-norwegians', 'Norway must have a battalion in the attacked area');
  return attack;
}
const sabotageCandidates = (G: GameState) => G.attacks.map((a) => ({ attack: a.id }));
/** Veisperring and Sprengt bro wait for Germany's Ingeniørkompani window before they take effect. */
function sabotageRule<K extends 'roadblock' | 'blownBridge'>(kind: K): EffectRule<K> {
  return {
    stages: ['sabotage'],
    check: (G, _f, _c, _e, p) => void sabotageTarget(G, p),
    apply(G, _f, card, _e, p) {
      G.prompts.push({ kind: 'engineers', faction: 'germany', card, attackId: p.attack!, effect: kind });
    },
    candidates: sabotageCandidates,
  };
}
const roadblock = sabotageRule('roadblock');
const blownBridge = sabotageRule('blownBridge');
/** Germany let the sabotage stand: the battalion (or the whole stack) goes back where it came from. */
export function carryOutSabotage(G: GameState): void {
  const prompt = G.prompts.pop();
  if (prompt?.kind !== 'engineers') throw new Error('carryOutSabotage outside the engineers window');
  const attack = G.attacks.find((a) => a.id === prompt.attackId);
  if (!attack || attack.from === null) return;
  const n = prompt.effect === 'roadblock' ? 1 : attack.count;
  attack.count -= n;
  if (attack.count === 0) G.attacks = G.attacks.filter((a) => a.id !== attack.id);
  addUnits(G, attack.from, 'germany', n, true);
  log(G, 'norway', prompt.effect === 'roadblock' ? 'roadblock' : 'blownBridge', { area: attack.target, from: attack.from, count: n });
}
const cancelSabotage: EffectRule<'cancelSabotage'> = {
  stages: ['engineers'],
  check() {},
  apply(G, _f, card) {
    const prompt = G.prompts.pop();
    if (prompt?.kind !== 'engineers') throw new Error('engineers prompt expected');
    log(G, 'germany', 'cardCancelled', { card: prompt.card, by: card });
  },
  candidates: () => NONE,
};
const escapeRule: EffectRule<'escape'> = {
  stages: ['sabotage'],
  check(G, _f, _card, _e, p) {
    const from = needArea(p.from, 'an area under attack');
    const to = needArea(p.to, 'where to go');
    ensure(isUnderAttack(G, from), 'not-attacked', 'that area is not under attack');
    countOf(p, Math.min(2, count(G, from, 'norway')));
    ensure(withdrawalOptions(G, from, ['norway'], { mayCrossFjord: true }).includes(to), 'bad-destination', 'they cannot go there');
  },
  apply(G, _f, _card, _e, p) {
    removeUnits(G, p.from!, 'norway', p.count!);
    addUnits(G, p.to!, 'norway', p.count!, true);
    log(G, 'norway', 'escaped', { from: p.from!, to: p.to!, count: p.count! });
  },
  candidates(G) {
    const out: CardParams[] = [];
    for (const from of new Set(G.attacks.map((a) => a.target))) {
      const n = count(G, from, 'norway');
      for (const to of withdrawalOptions(G, from, ['norway'], { mayCrossFjord: true }))
        for (let k = 1; k <= Math.min(2, n); k++) out.push({ from, to, count: k });
    }
    return out;
  },
};

// ---------------------------------------------------------------- movement-phase cards

const rapidMove: EffectRule<'rapidMove'> = {
  stages: ['movement'],
  check(G, f, _card, e, p) {
    const from = needArea(p.from, 'where they start');
    const via = needArea(p.via, 'the area they pass');
    const to = needArea(p.to, 'where they go');
    countOf(p, Math.min(2, unmoved(G, from, f)));
    ensure(borderKind(from, via) && borderKind(via, to) && to !== from, 'not-adjacent', 'that is not a two-step path');
    ensure(inPlay(G, via) && inPlay(G, to), 'out-of-play', 'that area is not in play in this scenario');
    ensure(!hasEnemy(G, via, f), 'path-blocked', 'they cannot pass through an enemy area');
    if (!e.mayAttack) ensure(!hasEnemy(G, to, f), 'no-attack', 'this move may not enter combat');
  },
  apply(G, f, _card, _e, p) {
    removeUnits(G, p.from!, f, p.count!);
    moveAlong(G, f, p.via!, p.to!, p.count!);
  },
  candidates(G, f) {
    const out: CardParams[] = [];
    for (const from of Object.keys(G.units)) {
      const n = Math.min(2, unmoved(G, from, f));
      if (n <= 0) continue;
      for (const via of neighboursInPlay(G, from)) {
        if (hasEnemy(G, via, f)) continue; // the path may not pass an enemy area
        for (const to of neighboursInPlay(G, via)) for (let k = 1; k <= n; k++) if (to !== from) out.push({ from, via, to, count: k });
      }
    }
    return out;
  },
};

const paradrop: EffectRule<'paradrop'> = {
  stages: ['movement'],
  check(G, _f, _card, _e, p) {
    const to = needArea(p.to, 'where they land');
    ensure(germanAirReaches(G, to), 'out-of-air-range', 'that area is out of air range');
    ensure(inPlay(G, to), 'out-of-play', 'that area is not in play in this scenario');
  },
  apply(G, _f, _card, _e, p) {
    const to = p.to!;
    G.created.germany += 1;
    if (hasEnemy(G, to, 'germany')) addAttack(G, { faction: 'germany', target: to, from: null, route: 'air', count: 1 });
    else addUnits(G, to, 'germany', 1, true);
    log(G, 'germany', 'paradrop', { area: to });
    if (isAlliedCoast(to)) G.prompts.push({ kind: 'paratroopers', faction: 'allies', area: to });
  },
  candidates(G) {
    const fields = germanAirfields(G);
    return AREA_IDS.filter((to) => inAirRange(to, fields) && inPlay(G, to)).map((to) => ({ to }));
  },
};

const redirectParatrooper: EffectRule<'redirectParatrooper'> = {
  stages: ['paratroopers'],
  check(G, _f, _card, _e, p) {
    const prompt = G.prompts[G.prompts.length - 1];
    ensure(prompt?.kind === 'paratroopers', 'no-paratrooper', 'no paratrooper to divert');
    const to = needArea(p.to, 'where the paratrooper must land');
    ensure(borderKind(prompt.area, to), 'not-adjacent', 'choose an area next to the landing area');
    ensure(inPlay(G, to), 'out-of-play', 'that area is not in play in this scenario');
  },
  apply(G, _f, _card, _e, p) {
    const prompt = G.prompts.pop();
    if (prompt?.kind !== 'paratroopers') throw new Error('paratroopers prompt expected');
    const airborne = G.attacks.find((a) => a.target === prompt.area && a.route === 'air');
    if (airborne) {
      airborne.count -= 1;
      if (airborne.count === 0) G.attacks = G.attacks.filter((a) => a !== airborne);
    } else removeUnits(G, prompt.area, 'germany', 1, true);
    const to = p.to!;
    if (hasEnemy(G, to, 'germany')) addAttack(G, { faction: 'germany', target: to, from: null, route: 'air', count: 1 });
    else addUnits(G, to, 'germany', 1, true);
    log(G, 'allies', 'paratrooperDiverted', { from: prompt.area, to });
  },
  candidates(G) {
    const prompt = G.prompts[G.prompts.length - 1];
    return prompt?.kind === 'paratroopers' ? neighboursInPlay(G, prompt.area).map((to) => ({ to })) : [];
  },
};

const airlift: EffectRule<'airlift'> = {
  stages: ['movement'],
  check(G, f, _card, _e, p) {
    const from = needArea(p.from, 'the air field they leave');
    const to = needArea(p.to, 'the air field they fly to');
    const fields = germanAirfields(G);
    ensure(fields.includes(from) && fields.includes(to) && from !== to, 'not-airfield', 'both must be air fields Germany holds');
    countOf(p, Math.min(2, unmoved(G, from, f)));
  },
  apply(G, f, _card, _e, p) {
    removeUnits(G, p.from!, f, p.count!);
    addUnits(G, p.to!, f, p.count!, true);
    log(G, f, 'airlift', { from: p.from!, to: p.to!, count: p.count! });
  },
  candidates(G, f) {
    return pairMoves(G, f, germanAirfields(G), () => true);
  },
};

const ALLIED_COAST = AREA_IDS.filter(isAlliedCoast);
/** One or two battalions that may still move, from one of `areas` to another that `mayEnter`. */
function pairMoves(G: GameState, f: Faction, areas: readonly AreaId[], mayEnter: (to: AreaId) => boolean): CardParams[] {
  const out: CardParams[] = [];
  for (const from of areas) {
    const n = Math.min(2, unmoved(G, from, f));
    if (n <= 0) continue;
    for (const to of areas) if (to !== from && mayEnter(to)) for (let k = 1; k <= n; k++) out.push({ from, to, count: k });
  }
  return out;
}

const airReinforce: EffectRule<'airReinforce'> = {
  stages: ['reinforcement'],
  check() {},
  apply(G) {
    G.reinforcements.airSlots += 2;
  },
  candidates: () => NONE,
};

const invasion: EffectRule<'invasion'> = {
  stages: ['movement'],
  check(G) {
    ensure(!G.invasion, 'already-invading', 'Invasjon is already in play this turn');
  },
  apply(G) {
    G.invasion = true;
  },
  candidates: () => NONE,
};

const seaMove: EffectRule<'seaMove'> = {
  stages: ['movement'],
  check(G, f, _card, _e, p) {
    const from = needArea(p.from, 'the coast they leave');
    const to = needArea(p.to, 'the coast they go to');
    ensure(isAlliedCoast(from) && isAlliedCoast(to) && from !== to, 'not-allied-coast', 'both areas must be on the coast of zones III–VII');
    ensure(inPlay(G, to), 'out-of-play', 'that area is not in play in this scenario');
    countOf(p, Math.min(2, unmoved(G, from, f)));
    ensure(!hasEnemy(G, to, f) && !isUnderAttack(G, to), 'no-attack', 'they may not land in combat');
  },
  apply(G, f, _card, _e, p) {
    removeUnits(G, p.from!, f, p.count!);
    addUnits(G, p.to!, f, p.count!, true);
    log(G, f, 'seaMove', { from: p.from!, to: p.to!, count: p.count! });
  },
  candidates(G, f) {
    // Not into enemies or a combat: the check's 'no-attack'.
    return pairMoves(G, f, ALLIED_COAST, (to) => inPlay(G, to) && !hasEnemy(G, to, f) && !isUnderAttack(G, to));
  },
};

// ---------------------------------------------------------------- combat-time specials

function evacuationDestinations(G: GameState): AreaId[] {
  const c = G.combat;
  if (!c) return [];
  // Like a retreating defender (EN 4.2 step 8), never into an area the attacker attacked from: beaten
  // attackers must go back there, and enemy battalions may not share a land area outside a combat.
  const attackersHome = c.attacker === 'allies' ? [] : G.attackedFrom;
  return AREA_IDS.filter(
    (a) =>
      a !== c.area && isAlliedCoast(a) && inPlay(G, a) && !hasEnemy(G, a, 'allies') && !isUnderAttack(G, a) && !attackersHome.includes(a),
  );
}
const evacuate: EffectRule<'evacuate'> = {
  stages: ['evacuate'],
  check(G, f, card, _e, p) {
    checkCombatCard(G, f, card, 'evacuate');
    ensure(
      evacuationDestinations(G).includes(needArea(p.to, 'where to land')),
      'bad-destination',
      'land on another free coast of zones III–VII',
    );
  },
  apply(G, f, card, _e, p) {
    playInCombat(G, f, card, effectIndex(card, 'evacuate'));
    evacuateOne(G, p.to!);
    resumeAfterEvacuation(G);
  },
  candidates: (G) => evacuationDestinations(G).map((to) => ({ to })),
};
export function resumeAfterEvacuation(G: GameState): void {
  const c = G.combat!;
  const stage = c.evacuationStage;
  c.evacuationStage = null;
  if (stage === 'losses') {
    c.step = 'losses';
    continueLosses(G);
  } else {
    c.step = 'retreat';
    continueRetreat(G);
  }
}

const sinkReinforcement: EffectRule<'sinkReinforcement'> = {
  stages: ['submarine'],
  check(G, f) {
    const prompt = G.prompts[G.prompts.length - 1];
    ensure(prompt?.kind === 'submarine' && prompt.faction === f, 'no-target', 'no fresh reinforcement to attack');
  },
  apply(G, f, _card, e, _p, rng) {
    const prompt = G.prompts[G.prompts.length - 1];
    if (prompt?.kind !== 'submarine') throw new Error('submarine prompt expected');
    // Each placed battalion may be answered once (the card answers "a reinforcement"), so placing
    // several at once gives the enemy as many chances as placing them one by one.
    prompt.count -= 1;
    if (prompt.count <= 0) G.prompts.pop();
    const die = rng.d6();
    const victim: Faction = f === 'germany' ? 'allies' : 'germany';
    const hit = e.hits.includes(die);
    if (hit) {
      const landing = G.attacks.find((a) => a.target === prompt.area && a.route === 'sea' && a.faction === victim);
      if (landing) {
        landing.count -= 1;
        if (landing.count === 0) G.attacks = G.attacks.filter((a) => a !== landing);
      } else removeUnits(G, prompt.area, victim, 1, true);
      G.destroyed[victim] += 1;
    }
    log(G, f, 'submarine', { area: prompt.area, die, sunk: hit });
  },
  candidates: () => NONE,
};

const navalSink: EffectRule<'navalSink'> = {
  stages: [],
  check: () => fail('advanced-only', 'naval combat belongs to the advanced game'),
  apply() {},
  candidates: () => [],
};

export const EFFECTS: { [K in EffectKind]: EffectRule<K> } = {
  attackDice,
  defenseDice,
  cancel,
  cancelSabotage,
  roadblock,
  blownBridge,
  rapidMove,
  escape: escapeRule,
  paradrop,
  airlift,
  airReinforce,
  invasion,
  redirectParatrooper,
  seaMove,
  evacuate,
  sinkReinforcement,
  navalSink,
};
