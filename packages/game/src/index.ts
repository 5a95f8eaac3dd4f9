export * from './types.js';
export { KampenOmNorge, legalMoves, checkMove, SERVER_MOVES, type ServerMove, type MoveOrigin } from './game.js';
export { setupDataSchema, createInitialState, type SetupData } from './engine/setup.js';
export type * from './engine/model/state.js';
export { viewFor, hiddenFrom, type FactionView, type PublicDeck } from './engine/view.js';
export { actor, activePlayers, reinforcementsAvailable, mustDiscard } from './engine/flow.js';
export type { Actor, Stage } from './engine/model/stage.js';
export { legalActions } from './engine/legal.js';
export { onlyPass, isPassLike, repeatedWindow, phaseKey, type MoveLike, type RepeatedWindow } from './engine/forced.js';
export { canUndo, undone, performUndoable, type UndoTrail, type BarrierReason } from './engine/undo.js';
export { activeCards } from './engine/combat-dice.js';
export { perform, isLegal, whyIllegal, parseAction, ACTION_SCHEMAS, ACTION_TYPES, type Action, type ActionType } from './engine/actions.js';
export { RuleError, type Refusal } from './engine/kernel/errors.js';
export type { Rng } from './engine/kernel/rng.js';
export * as board from './board/index.js';
export * as cards from './cards/index.js';
export { cardText, CARD_TEXTS, april9Card, april9SymbolsOf, ship, shipTypeOf, SHIPS, APRIL9_KEEP } from './cards/advanced.js';
export type * from './engine/model/april9.js';
export type * from './engine/model/naval.js';
export type { NavalView, NavalCombatView } from './engine/naval/view.js';
export { ADVANCED_STAGES, NAVAL_STAGES, STAGES } from './engine/model/stage.js';
export {
  scenarioSchema,
  parseScenario,
  rulesOf,
  ScenarioError,
  DECK_OUTS,
  type Scenario,
  type ScenarioRules,
  type ScenarioVictory,
  type DeckOut,
} from './scenarios/schema.js';
export { loadScenarioFiles, type ScenarioFile, type LoadedScenarios } from './scenarios/load.js';
export { scenarioDeck } from './scenarios/decks.js';
export { inPlay } from './engine/kernel/region.js';
export {
  BOTS,
  BOT_STRENGTHS,
  botFor,
  easyBot,
  normalBot,
  legalFromView,
  type Bot,
  type BotInput,
  type BotStrength,
  type SearchBudget,
} from './bots/index.js';
export { kampenOmNorgeModule } from './module.js';
// The game's lessons beside its module: the server finds them on the konGame entry as `lessons` (docs/lessons.md).
export { KON_LESSONS as lessons } from './lessons/index.js';
