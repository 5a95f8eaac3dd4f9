/**
 * Who decides now, and about what: the stage a faction acts in. Each is a boardgame.io stage; the
 * main stages are named after the turn phase, the others after the decision they ask for. The
 * sequencer (flow.ts `actor`) computes the Actor; the procedures and handlers below it only name
 * stages, so the names live in the model.
 */
import type { Faction } from '../../types.js';
import type { Prompt } from './state.js';

/** The stages of the basic game: the turn's phases, its prompts, and the steps of a combat. */
export const BASIC_STAGES = [
  'movement',
  'combat',
  'reinforcement',
  'sabotage',
  'engineers',
  'paratroopers',
  'submarine',
  'discard',
  'withdraw',
  'attackerCards',
  'defenderCards',
  'counter',
  'losses',
  'answerLosses',
  'evacuate',
  'retreat',
] as const;

/** The 9. April turn of the advanced game (engine/april9); its windows are prompts, named by Prompt['kind']. */
export const APRIL9_STAGES = [
  'april9Choose',
  'april9Deploy',
  'april9Ships',
  'april9Movement',
  'april9Raid',
  'april9Landing',
  'april9Mobilize',
  'april9Naval',
  'april9Window',
  'april9Deceive',
  'april9Retreat',
] as const;

/** The stages of naval movement and combat in the ordinary advanced turns (engine/naval). */
export const NAVAL_STAGES = [
  'intercept',
  'sailOn',
  'navalCombat',
  'navalVolunteer',
  'navalAttackerCards',
  'navalDefenderCards',
  'navalCounter',
  'navalVoid',
  'navalChase',
] as const;
export type NavalStage = (typeof NAVAL_STAGES)[number];

export function isNavalStage(stage: string): stage is NavalStage {
  return (NAVAL_STAGES as readonly string[]).includes(stage);
}

/** The stages only the advanced game has (the web's banner words these itself). */
export const ADVANCED_STAGES = [...APRIL9_STAGES, 'withdrawShips', ...NAVAL_STAGES] as const;

/** Every stage, once: boardgame.io's stage table (game.ts) and the web client read this list. */
export const STAGES = [...BASIC_STAGES, ...ADVANCED_STAGES] as const;
export type Stage = (typeof STAGES)[number];

/** Each prompt is answered in the stage of its own name: tsc refuses a prompt kind missing above. */
type Holds<T extends true> = T;
export type PromptsAreStages = Holds<Prompt['kind'] extends Stage ? true : false>;

/** Exactly one faction decides at any moment; this says which and about what. */
export interface Actor {
  faction: Faction;
  stage: Stage;
}
