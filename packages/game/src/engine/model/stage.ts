/**
 * Who decides now, and about what: the stage a faction acts in. Each is a boardgame.io stage; the
 * main stages are named after the turn phase, the others after the decision they ask for. The
 * sequencer (flow.ts `actor`) computes the Actor; the procedures and handlers below it only name
 * stages, so the names live in the model.
 */
import type { Faction } from '../../types.js';
import type { Prompt } from './state.js';

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

export type Stage =
  | 'movement'
  | 'combat'
  | 'reinforcement'
  | Prompt['kind']
  | 'attackerCards'
  | 'defenderCards'
  | 'counter'
  | 'losses'
  | 'answerLosses'
  | 'evacuate'
  | 'retreat'
  // The 9. April turn (engine/april9); its windows are prompts, named by Prompt['kind'].
  | 'april9Choose'
  | 'april9Deploy'
  | 'april9Ships'
  | 'april9Movement'
  | 'april9Raid'
  | 'april9Landing'
  | 'april9Mobilize'
  | 'april9Naval'
  // Naval movement and combat of the ordinary advanced turns (engine/naval).
  | NavalStage;

/** Exactly one faction decides at any moment; this says which and about what. */
export interface Actor {
  faction: Faction;
  stage: Stage;
}
