/**
 * The computer players the lobby and the API offer, by name. Which of them this server can run is
 * the registry's business (registry.ts): a strength named here but missing there is refused with
 * its own error, never silently played by another.
 */
export { BOT_STRENGTHS, botStrength, type BotStrength } from '@kon/protocol';
