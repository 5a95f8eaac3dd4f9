/** Test access to the rules package's own test helpers (seeded dice, random games). */
export { seededRng } from '../../../packages/game/src/testing/rng';
export { playRandomGame } from '../../../packages/game/src/testing/random-game';
