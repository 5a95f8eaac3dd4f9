export { easyBot, easyDecision, legalFromView } from './easy.js';
export { seatOf, type Bot, type BotInput } from './types.js';
export { worth } from './position.js';
