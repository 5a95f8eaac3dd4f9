export * from './types.js';
export { DeresUenighet, legalMoves, checkMove, clockMove, CLOCK_MOVE, rngOf, type Refusal } from './game.js';
export { MOVE_SCHEMAS, MOVE_NAMES, ordersSchema, posSchema, type MoveName, type MoveArgs, type Action } from './schemas.js';
export { createInitialState, setupDataSchema, type SetupData, supplySpotOk, capitalSpotOk } from './engine/setup.js';
export { perform, parseAction, whyIllegal } from './engine/actions.js';
export { emptyOrders, stages, waitingFor } from './engine/flow.js';
export { whyNoOrders } from './engine/validate.js';
export { legalActions, orderMenu, type LegalMove, type OrderMenu } from './engine/legal.js';
export { viewFor } from './engine/view.js';
export { RuleError, why, movePoints, shotsPerRound, upgradeCost, type Rng, type Why } from './engine/kernel.js';
export {
  REFUSAL_TEXTS,
  REFUSAL_CODES,
  BLOCKER_TEXTS,
  isRefusalCode,
  refusalText,
  type RefusalCode,
  type RefusalParams,
} from './data/refusals.js';
export { lineOfSight, sightPath, type Sight, type SightOptions, type Blocker } from './engine/los.js';
export {
  hitNeeded,
  legalShots,
  offeredShots,
  D12,
  whyNoShot,
  topPiece,
  findShooter,
  type HitBreakdown,
  type ShotOption,
  type TargetPiece,
} from './engine/combat.js';
export { reachable, endSquares, recallSquares, stepCost } from './engine/move.js';
export { regimentSquares, fortSquares, fortCost, buyCost } from './engine/buy.js';
export { throwLanding, supplyMayLand, landingSquares, suppliesOnMap, shareThrows } from './engine/supply.js';
export { ranking, material } from './engine/end.js';
export * as board from './engine/board.js';
export { NATIONS, START, NATION_COLOURS, SUPPLY_COLOUR, type NationRules } from './data/nations.js';
export * from './data/upgrades.js';
export { INVENTIONS, MAX_INVENTIONS, type InventionRules, type InventionUse } from './data/inventions.js';
export {
  TILES,
  TILE_BY_ID,
  TILE_SIZE,
  LAYOUTS,
  layoutSlots,
  layoutSize,
  tileSquare,
  CLIFF,
  FORT_STEP,
  type TileDef,
} from './data/terrain.js';
export * as texts from './data/texts.js';
export { squareName, squareNameOfKey, columnName, rowName } from './data/squares.js';
