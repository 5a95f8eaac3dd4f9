import type { AreaId, Faction } from '../types.js';
import { enemiesOf } from '../types.js';
import { isAlliedCoast } from '../board/index.js';
import { cardDef, ACTION_CARDS } from '../cards/index.js';
import type { Combat, GameState, LossSplit } from './model/state.js';
import type { Rng } from './kernel/rng.js';
import { addUnits, count, removeUnits } from './kernel/forces.js';
import { withdrawalOptions } from './kernel/queries.js';
import { checkElimination } from './kernel/victory.js';
import { log } from './kernel/log.js';
import { fail } from './kernel/errors.js';
import {
  MAX_BATTALION_DICE,
  activeCards,
  attackerBattalionDice,
  attackerStrength,
  attacksOn,
  cardDice,
  defenderStrength,
  defendingFactions,
  presentInCombat,
  sideOf,
  sum,
  typeTaken,
} from './combat-dice.js';

// ---------------------------------------------------------------- start and card windows

/** Attacks whose target has emptied are no combat: the attackers simply move in. */
function occupyAbandoned(G: GameState): void {
  for (const target of new Set(G.attacks.map((a) => a.target))) {
    const attacker = G.attacks.find((a) => a.target === target)!.faction;
    if (enemiesOf(attacker).some((f) => count(G, target, f) > 0)) continue;
    for (const a of attacksOn(G, target)) addUnits(G, target, a.faction, a.count, true);
    G.attacks = G.attacks.filter((a) => a.target !== target);
    log(G, attacker, 'occupied', { area: target });
  }
}

/**
 * The combat phase goes on (EN 4.2): attacks on emptied areas move in, and when one target is left
 * its combat starts (with several, the attacker chooses the order). False when no combat is left.
 */
export function startNextCombat(G: GameState): boolean {
  occupyAbandoned(G);
  const targets = [...new Set(G.attacks.map((a) => a.target))];
  if (targets.length === 0) return false;
  // With one combat left there is no order to choose.
  if (targets.length === 1) startCombat(G, targets[0]!);
  return true;
}

export function startCombat(G: GameState, area: AreaId): void {
  const attacks = attacksOn(G, area);
  const attacker = attacks[0]!.faction;
  const defenders = enemiesOf(attacker).filter((f) => count(G, area, f) > 0);
  G.combat = {
    area,
    attacker,
    defenders,
    strength: {
      attacker: sum(attacks.map((a) => a.count)),
      defender: sum(defenders.map((f) => count(G, area, f))),
    },
    attackIds: attacks.map((a) => a.id),
    step: 'attackerCards',
    defenderQueue: [],
    played: [],
    roll: null,
    hits: null,
    attackerLosses: null,
    defenderLosses: null,
    proposal: null,
    germanyDecidesLosses: false,
    winner: null,
    evacuationOffered: { losses: false, retreat: false },
    evacuationStage: null,
    retreat: null,
    defendersGone: false,
  };
  log(G, attacker, 'combatStarts', { area, attackers: G.combat.strength.attacker, defenders: G.combat.strength.defender });
}

/** Could any card of `f`'s deck be played now as a cancel against the other side? (Public knowledge.) */
function catalogueCanCancel(G: GameState, c: Combat, f: Faction): boolean {
  const otherSide = sideOf(c, f) === 'attacker' ? 'defender' : 'attacker';
  const targets = activeCards(c).filter((p) => p.side === otherSide);
  return ACTION_CARDS.some(
    (def) =>
      def.faction === f &&
      def.effects.some(
        (e, i) =>
          e.kind === 'cancel' &&
          (!e.alliedCoast || isAlliedCoast(c.area)) &&
          !typeTaken(c, f, def.id, i) &&
          (presentInCombat(G, c, f) || def.id === 'al.jagerfly') &&
          targets.some((t) => e.targets.includes(cardDef(t.card).id)),
      ),
  );
}

/** The attacker is done with cards: ask each defending faction that could play one. */
export function openDefenderWindows(G: GameState, rng: Rng): void {
  const c = G.combat!;
  c.step = 'defenderCards';
  c.defenderQueue = enemiesOf(c.attacker).filter((f) => count(G, c.area, f) > 0 || catalogueCanCancel(G, c, f));
  if (c.defenderQueue.length === 0) openCounterWindow(G, rng);
}
export function nextDefenderWindow(G: GameState, rng: Rng): void {
  const c = G.combat!;
  c.defenderQueue.shift();
  if (c.defenderQueue.length === 0) openCounterWindow(G, rng);
}
function openCounterWindow(G: GameState, rng: Rng): void {
  const c = G.combat!;
  if (catalogueCanCancel(G, c, c.attacker)) c.step = 'counter';
  else rollDice(G, rng);
}

// ---------------------------------------------------------------- dice and losses

export function rollDice(G: GameState, rng: Rng): void {
  const c = G.combat!;
  const attackerBattalionDiceN = attackerBattalionDice(attacksOn(G, c.area));
  const defenderBattalionDiceN = Math.min(MAX_BATTALION_DICE, defenderStrength(G, c));
  const attackerCardDice = cardDice(c, 'attacker');
  const defenderCardDice = cardDice(c, 'defender');
  const roll = (n: number) => Array.from({ length: n }, () => rng.d6());
  const attackerRoll = roll(attackerBattalionDiceN + attackerCardDice);
  const defenderRoll = roll(defenderBattalionDiceN + defenderCardDice);
  c.roll = {
    attacker: attackerRoll,
    defender: defenderRoll,
    attackerBattalionDice: attackerBattalionDiceN,
    defenderBattalionDice: defenderBattalionDiceN,
    attackerCardDice,
    defenderCardDice,
  };
  const sixes = (xs: number[]) => xs.filter((d) => d === 6).length;
  c.hits = {
    attacker: Math.min(sixes(defenderRoll), attackerStrength(G, c)),
    defender: Math.min(sixes(attackerRoll), defenderStrength(G, c)),
  };
  c.winner = sum(attackerRoll) > sum(defenderRoll) ? 'attacker' : 'defender';
  c.step = 'losses';
  log(G, c.attacker, 'combatRolled', {
    area: c.area,
    attackerDice: attackerRoll,
    defenderDice: defenderRoll,
    attackerTotal: sum(attackerRoll),
    defenderTotal: sum(defenderRoll),
  });
  continueLosses(G);
}

export type LossDecision =
  | { faction: Faction; kind: 'attackerSplit' }
  | { faction: 'norway'; kind: 'propose' }
  | { faction: 'allies'; kind: 'answer' }
  | { faction: 'germany'; kind: 'germanyDecides' };

/** Whose choice of losses the combat waits for, if any (fills in the choices nobody has to make). */
export function pendingLossDecision(G: GameState): LossDecision | null {
  const c = G.combat;
  if (c?.step !== 'losses' || !c.hits) return null;
  if (c.attackerLosses === null) {
    const attacks = attacksOn(G, c.area);
    if (c.hits.attacker > 0 && attacks.length > 1 && c.hits.attacker < attackerStrength(G, c)) {
      return { faction: c.attacker, kind: 'attackerSplit' };
    }
  }
  if (c.defenderLosses === null) {
    const fs = defendingFactions(G, c);
    if (c.hits.defender > 0 && fs.length > 1 && c.hits.defender < defenderStrength(G, c)) {
      if (c.germanyDecidesLosses) return { faction: 'germany', kind: 'germanyDecides' };
      if (c.proposal) return { faction: 'allies', kind: 'answer' };
      return { faction: 'norway', kind: 'propose' };
    }
  }
  return null;
}

/** Spread `n` losses over groups in order, when there is nothing to choose. */
function forcedSplit(groups: { key: string; count: number }[], n: number): LossSplit {
  const split: LossSplit = {};
  for (const g of groups) {
    const k = Math.min(g.count, n);
    if (k > 0) split[g.key] = k;
    n -= k;
  }
  return split;
}

export function validateSplit(groups: { key: string; count: number }[], split: LossSplit, total: number): void {
  const keys = new Set(groups.map((g) => g.key));
  for (const [k, v] of Object.entries(split)) {
    if (!keys.has(k)) fail('bad-losses', `no such group: ${k}`);
    if (!Number.isInteger(v) || v < 0) fail('bad-losses', 'losses must be whole numbers');
    if (v > groups.find((g) => g.key === k)!.count) fail('bad-losses', `${k} has fewer battalions than that`);
  }
  if (sum(Object.values(split)) !== total) fail('bad-losses', `exactly ${total} battalions must be lost`);
}
export function attackerGroups(G: GameState, c: Combat) {
  return attacksOn(G, c.area).map((a) => ({ key: a.id, count: a.count }));
}
export function defenderGroups(G: GameState, c: Combat) {
  return defendingFactions(G, c).map((f) => ({ key: f as string, count: count(G, c.area, f) }));
}

/** Move the combat on from the losses step as far as it goes without a decision. */
export function continueLosses(G: GameState): void {
  const c = G.combat!;
  if (pendingLossDecision(G)) return;
  c.attackerLosses ??= forcedSplit(attackerGroups(G, c), c.hits!.attacker);
  c.defenderLosses ??= forcedSplit(defenderGroups(G, c), c.hits!.defender);
  if (!c.evacuationOffered.losses) {
    c.evacuationOffered.losses = true;
    if (alliedLossesPending(G, c) > 0 && evacuationPossible(G, c)) {
      c.step = 'evacuate';
      c.evacuationStage = 'losses';
      return;
    }
  }
  applyLosses(G);
  c.step = 'retreat';
  continueRetreat(G);
}

function alliedLossesPending(_G: GameState, c: Combat): number {
  if (c.attacker === 'allies') return sum(Object.values(c.attackerLosses ?? {}));
  return c.defenderLosses?.allies ?? 0;
}
/** Kystevakuering can be offered: blue coast, no Kystevakuering yet on the Allied side in this combat. */
function evacuationPossible(_G: GameState, c: Combat): boolean {
  return isAlliedCoast(c.area) && !typeTaken(c, 'allies', 'al.kystevakuering', 1);
}

/** Kystevakuering saves one battalion that was about to be lost. */
export function evacuateOne(G: GameState, to: AreaId): void {
  const c = G.combat!;
  if (c.evacuationStage === 'losses') {
    if (c.attacker === 'allies') {
      const key = Object.keys(c.attackerLosses!).find((k) => (c.attackerLosses![k] ?? 0) > 0)!;
      c.attackerLosses![key]! -= 1;
      const attack = G.attacks.find((a) => a.id === key)!;
      attack.count -= 1;
      if (attack.count === 0) G.attacks = G.attacks.filter((a) => a.id !== key);
    } else {
      c.defenderLosses!.allies! -= 1;
      removeUnits(G, c.area, 'allies', 1);
    }
  } else {
    // No retreat left: the battalion comes from the doomed group (defenders in the area, or airborne attackers).
    if (c.attacker === 'allies') {
      const attack = G.attacks.find((a) => a.target === c.area && a.from === null && a.faction === 'allies')!;
      attack.count -= 1;
      if (attack.count === 0) G.attacks = G.attacks.filter((a) => a.id !== attack.id);
    } else removeUnits(G, c.area, 'allies', 1);
  }
  addUnits(G, to, 'allies', 1, true);
  log(G, 'allies', 'evacuated', { from: c.area, to });
}

function applyLosses(G: GameState): void {
  const c = G.combat!;
  for (const [id, n] of Object.entries(c.attackerLosses!)) {
    const attack = G.attacks.find((a) => a.id === id);
    if (!attack || n <= 0) continue;
    attack.count -= n;
    G.destroyed[attack.faction] += n;
  }
  G.attacks = G.attacks.filter((a) => a.count > 0);
  for (const [f, n] of Object.entries(c.defenderLosses!) as [Faction, number][]) {
    if (n <= 0) continue;
    removeUnits(G, c.area, f, n);
    G.destroyed[f] += n;
  }
  log(G, c.attacker, 'combatLosses', {
    area: c.area,
    attackerLost: sum(Object.values(c.attackerLosses!)),
    defenderLost: sum(Object.values(c.defenderLosses!)),
  });
}

// ---------------------------------------------------------------- retreat and the end of a combat

/** Who chooses where joint defenders go: Norway when Norwegian battalions are among them. */
export function retreatChooser(c: Combat): Faction {
  const r = c.retreat!;
  if (r.from === 'airborne') return c.attacker;
  return r.factions.includes('norway') ? 'norway' : r.factions[0]!;
}

export function continueRetreat(G: GameState): void {
  const c = G.combat!;
  if (c.retreat) return;
  if (c.winner === 'attacker') {
    if (!c.defendersGone) {
      const fs = defendingFactions(G, c);
      if (fs.length > 0) {
        let options = withdrawalOptions(G, c.area, fs, { mayCrossFjord: false });
        if (options.length === 0) {
          if (!c.evacuationOffered.retreat && fs.includes('allies') && evacuationPossible(G, c)) {
            c.evacuationOffered.retreat = true;
            c.step = 'evacuate';
            c.evacuationStage = 'retreat';
            return;
          }
          // "Norwegian battalions may always retreat across fjords" (EN 4.2 step 8) outweighs retreating
          // to one area together: with no way out for both, only the Allies' battalions are lost.
          const norwegianWay = fs.includes('norway') ? withdrawalOptions(G, c.area, ['norway'], { mayCrossFjord: true }) : [];
          for (const f of defendingFactions(G, c)) {
            if (f === 'norway' && norwegianWay.length > 0) continue;
            const n = count(G, c.area, f);
            removeUnits(G, c.area, f, n);
            G.destroyed[f] += n;
            log(G, f, 'noRetreat', { area: c.area, lost: n });
          }
          options = norwegianWay;
        }
        if (options.length === 1) {
          moveDefenders(G, options[0]!);
        } else if (options.length > 1) {
          c.retreat = { factions: defendingFactions(G, c), from: 'area', options };
          c.step = 'retreat';
          return;
        }
      }
      c.defendersGone = true;
    }
    for (const a of attacksOn(G, c.area)) addUnits(G, c.area, a.faction, a.count, true);
    G.attacks = G.attacks.filter((a) => a.target !== c.area);
  } else {
    for (const a of attacksOn(G, c.area)) {
      if (a.from !== null) {
        addUnits(G, a.from, a.faction, a.count, true);
        G.attacks = G.attacks.filter((x) => x.id !== a.id);
      }
    }
    const airborne = attacksOn(G, c.area);
    if (airborne.length > 0) {
      const options = withdrawalOptions(G, c.area, [c.attacker], { mayCrossFjord: true, attackersOwnRetreat: true });
      if (options.length === 0) {
        if (!c.evacuationOffered.retreat && c.attacker === 'allies' && evacuationPossible(G, c)) {
          c.evacuationOffered.retreat = true;
          c.step = 'evacuate';
          c.evacuationStage = 'retreat';
          return;
        }
        const n = sum(airborne.map((a) => a.count));
        G.destroyed[c.attacker] += n;
        G.attacks = G.attacks.filter((a) => a.target !== c.area);
        log(G, c.attacker, 'noRetreat', { area: c.area, lost: n });
      } else if (options.length === 1) {
        moveAirborne(G, options[0]!);
      } else {
        c.retreat = { factions: [c.attacker], from: 'airborne', options };
        c.step = 'retreat';
        return;
      }
    }
  }
  finishCombat(G);
}

export function moveDefenders(G: GameState, to: AreaId): void {
  const c = G.combat!;
  for (const f of defendingFactions(G, c)) {
    const n = count(G, c.area, f);
    removeUnits(G, c.area, f, n);
    addUnits(G, to, f, n, true);
    log(G, f, 'retreated', { from: c.area, to, count: n });
  }
  c.defendersGone = true;
}
export function moveAirborne(G: GameState, to: AreaId): void {
  const c = G.combat!;
  for (const a of attacksOn(G, c.area)) {
    addUnits(G, to, a.faction, a.count, true);
    log(G, a.faction, 'retreated', { from: c.area, to, count: a.count });
  }
  G.attacks = G.attacks.filter((a) => a.target !== c.area);
}

/** Answer to a retreat choice. */
export function chooseRetreat(G: GameState, to: AreaId): void {
  const c = G.combat!;
  const r = c.retreat!;
  if (r.from === 'area') moveDefenders(G, to);
  else moveAirborne(G, to);
  c.retreat = null;
  continueRetreat(G);
}

function finishCombat(G: GameState): void {
  const c = G.combat!;
  const holder = [c.attacker, ...enemiesOf(c.attacker)].find((f) => count(G, c.area, f) > 0) ?? null;
  log(G, c.attacker, 'combatEnds', { area: c.area, winner: c.winner ?? 'defender', holder });
  G.lastCombat = { ...c, step: 'done', retreat: null, defenderQueue: [] };
  G.combat = null;
  if (checkElimination(G)) return;
  // What follows (the next combat, or the phase after) is the sequencer's: flow.ts advance.
  G.done = 'combat';
}
