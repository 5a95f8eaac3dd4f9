/**
 * The sequencer: who decides now (`actor`), and what follows an action (`advance`), for both turns.
 * The order of play is data: `FLOW` lists the steps of an ordinary turn and of the 9. April turn,
 * each with who decides in it, what it does when it begins, and the step that follows. Handlers and
 * procedures never name what comes next; they only report that the decision a step waited for is made
 * (`G.done = 'step'`) or that a combat is over (`G.done = 'combat'`), and `advance` answers the rest.
 */
import { PLAYER_OF_FACTION } from '../types.js';
import type { GameState, OrdinaryStep, StepName } from './model/state.js';
import type { Actor, Stage } from './model/stage.js';
import type { April9Step } from './model/april9.js';
import type { Rng } from './kernel/rng.js';
import { pendingLossDecision, retreatChooser, startNextCombat } from './combat.js';
import { afterMovement, beginTurn, drawNewCards, endTurn, startCombatPhase, startNewCards, startReinforcement } from './turn.js';
import {
  afterChoice,
  afterInterception,
  afterShips,
  carryOnInterception,
  carryOnLanding,
  carryOnNavalCombats,
  enterDeploy,
  enterInterception,
  enterLandCombat,
  enterLanding,
  enterMobilization,
  enterMovement,
  enterNavalCombat,
  enterRaid,
  enterReinforcement,
  enterShips,
  finishApril9,
  passChoice,
  passReinforcement,
  passShips,
  type Progress,
} from './april9/steps.js';
import { navalActor } from './naval/flow.js';

export type { Actor, Stage };
export { ALLIED_WITHDRAWAL, mustDiscard, reinforcementsAvailable, reinforcementsUsed } from './turn.js';

/** One step of a turn, as the sequencer runs it. */
interface Step {
  /** Who decides in the step when no prompt, naval decision or land combat is open (null: nobody, it runs by itself). */
  actor(G: GameState): Actor | null;
  /** Begin the step. A step with nothing to decide reports itself over at once (`G.done = 'step'`). */
  enter(G: GameState, rng: Rng): void;
  /** Carry on the step's own procedure between decisions (the interceptions, the naval combats, a landing). */
  carryOn?(G: GameState, rng: Rng): Progress;
  /** A step the factions take in turn: hand it to the next one. False when every faction has had it. */
  passOn?(G: GameState): boolean;
  /** The step is over: the windows and prompts that stand between it and the next (answered before it begins). */
  leave?(G: GameState): void;
  /**
   * The step that follows, in the same turn's table. The end of a turn hands over to the next turn's
   * movement: after the 9. April turn's end `G.april9` is gone, so its `movement` is the ordinary one.
   */
  next: StepName;
}

const nobody = () => null;
const mover = (G: GameState): Actor => ({ faction: G.turn, stage: G.phase === 'newCards' ? 'reinforcement' : G.phase });
const instant = () => {};

/** The order of play. */
export const FLOW: { ordinary: Record<OrdinaryStep, Step>; april9: Record<April9Step | 'end', Step> } = {
  ordinary: {
    movement: { actor: mover, enter: beginTurn, leave: afterMovement, next: 'combat' },
    combat: { actor: mover, enter: startCombatPhase, next: 'reinforcement' },
    reinforcement: { actor: mover, enter: startReinforcement, next: 'newCards' },
    newCards: { actor: mover, enter: startNewCards, next: 'draw' },
    draw: { actor: nobody, enter: drawNewCards, next: 'end' },
    end: { actor: nobody, enter: endTurn, next: 'movement' },
  },
  // EN ch. 7. Its windows are prompts: a step that opens them is over only once they are answered.
  april9: {
    choose: {
      actor: (G) => ({ faction: G.april9!.who, stage: 'april9Choose' }),
      enter: instant,
      passOn: passChoice,
      leave: afterChoice,
      next: 'deploy',
    },
    deploy: { actor: () => ({ faction: 'norway', stage: 'april9Deploy' }), enter: enterDeploy, next: 'ships' },
    ships: {
      actor: (G) => ({ faction: G.april9!.who, stage: 'april9Ships' }),
      enter: enterShips,
      passOn: passShips,
      leave: afterShips,
      next: 'interception',
    },
    // The naval decisions are the naval engine's (navalActor); between them the step runs by itself.
    interception: { actor: nobody, enter: enterInterception, carryOn: carryOnInterception, leave: afterInterception, next: 'movement' },
    movement: { actor: () => ({ faction: 'germany', stage: 'april9Movement' }), enter: enterMovement, next: 'navalCombat' },
    navalCombat: { actor: nobody, enter: enterNavalCombat, carryOn: carryOnNavalCombats, next: 'raid' },
    raid: { actor: () => ({ faction: 'germany', stage: 'april9Raid' }), enter: enterRaid, next: 'landing' },
    landing: {
      actor: () => ({ faction: 'germany', stage: 'april9Landing' }),
      enter: enterLanding,
      carryOn: carryOnLanding,
      next: 'landCombat',
    },
    landCombat: { actor: () => ({ faction: 'germany', stage: 'combat' }), enter: enterLandCombat, next: 'mobilize' },
    mobilize: { actor: () => ({ faction: 'norway', stage: 'april9Mobilize' }), enter: enterMobilization, next: 'reinforcement' },
    reinforcement: {
      actor: (G) => ({ faction: G.april9!.who, stage: 'reinforcement' }),
      enter: enterReinforcement,
      passOn: passReinforcement,
      next: 'end',
    },
    end: { actor: nobody, enter: finishApril9, next: 'movement' },
  },
};

/** The step of the current turn named `name`. */
function stepOf(G: GameState, name: StepName): Step {
  return G.april9 ? FLOW.april9[name as April9Step] : FLOW.ordinary[name as OrdinaryStep];
}

/** The step under way: the 9. April turn's, or the ordinary turn's phase. */
function currentStep(G: GameState): StepName {
  return G.april9 ? G.april9.step : G.phase;
}

/** Exactly one faction decides at any moment; this says which and about what. */
export function actor(G: GameState): Actor | null {
  if (G.result) return null;
  const top = G.prompts[G.prompts.length - 1];
  if (top) return { faction: top.faction, stage: top.kind };
  const naval = navalActor(G);
  if (naval) return naval;
  const c = G.combat;
  if (c) {
    switch (c.step) {
      case 'attackerCards':
      case 'counter':
        return { faction: c.attacker, stage: c.step };
      case 'defenderCards':
        return { faction: c.defenderQueue[0]!, stage: 'defenderCards' };
      case 'losses': {
        const d = pendingLossDecision(G);
        if (!d) return null;
        return { faction: d.faction, stage: d.kind === 'answer' ? 'answerLosses' : 'losses' };
      }
      case 'evacuate':
        return { faction: 'allies', stage: 'evacuate' };
      case 'retreat':
        return { faction: retreatChooser(c), stage: 'retreat' };
    }
  }
  return stepOf(G, currentStep(G)).actor(G);
}

/** The boardgame.io seats that may act now, with their stage. */
export function activePlayers(G: GameState): Record<string, string> {
  const a = actor(G);
  return a ? { [PLAYER_OF_FACTION[a.faction]]: a.stage } : {};
}

/**
 * The `G.then` a state stored before the flow table (a match under way across the update) lacks:
 * it kept the 9. April turn's next step in `G.april9.then`, and none behind Norway's sabotage, the
 * discard and the Allies' withdrawals, whose handlers ended the step or the turn themselves (the
 * current code never leaves one of them at the bottom without `G.then`). Read before the action, as
 * its handler may close the prompt; `advance` takes it.
 */
export function olderThen(G: GameState): StepName | undefined {
  if (G.then !== undefined) return undefined;
  const older = G.april9 as (NonNullable<GameState['april9']> & { then?: April9Step | null }) | null | undefined;
  if (older) return older.then ?? undefined;
  const gate = G.prompts[0]?.kind;
  if (gate === 'sabotage') return 'combat';
  if (gate === 'discard') return 'draw';
  if (gate === 'withdraw' || gate === 'withdrawShips') return 'end';
  return undefined;
}

/** A decision the current step cannot pass over is open: a prompt, an interception, a land combat. */
function waiting(G: GameState): boolean {
  return G.prompts.length > 0 || !!G.combat || !!G.naval?.force;
}

/**
 * Carry the game forward after an action until someone must decide: the next combat, the next
 * faction of a step taken in turn, the windows that close a step, the next step once they are
 * answered, and at a turn's end the next turn. `perform` calls it once per action.
 */
export function advance(G: GameState, rng: Rng, older?: StepName): void {
  if (older !== undefined && G.then === undefined) G.then = older;
  if (G.april9 && 'then' in G.april9) delete (G.april9 as { then?: unknown }).then;
  // The step under way. Kept here, not looked up: 'draw' and a turn's 'end' are steps of a moment
  // the state does not name, and the 9. April turn's end leaves the ordinary turn's table in force.
  let step = stepOf(G, currentStep(G));
  for (;;) {
    if (G.result) {
      delete G.done;
      delete G.then;
      return;
    }
    const done = G.done;
    delete G.done;
    if (done === 'combat') {
      // A combat (or the last naval combat) is over: the next land combat, or the step is over.
      if (!startNextCombat(G)) G.done = 'step';
      continue;
    }
    if (done === 'step') {
      if (!step.passOn?.(G)) {
        step.leave?.(G);
        G.then = step.next;
      }
      continue;
    }
    if (waiting(G)) return;
    if (G.then === undefined) {
      const progress = step.carryOn?.(G, rng) ?? 'idle';
      if (progress === 'wait' || progress === 'idle') return;
      if (progress === 'over') G.done = 'step';
      continue;
    }
    const name = G.then;
    delete G.then;
    step = stepOf(G, name);
    if (G.april9 && name !== 'end') G.april9.step = name as April9Step;
    step.enter(G, rng);
  }
}
