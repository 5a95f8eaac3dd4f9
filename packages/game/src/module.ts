/**
 * Kampen om Norge as a game module of the platform (@kon/platform): everything the server, the lobby
 * and the web client may know of this game, and nothing else of its rules.
 */
import type { Bilingual, GameModule } from '@kon/platform';
import { FACTION_OF_PLAYER, PLAYER_OF_FACTION, type Faction } from './types.js';
import type { GameState } from './engine/model/state.js';
import { checkMove, KampenOmNorge, legalMoves } from './game.js';
import { setupDataSchema } from './engine/setup.js';
import { RuleError } from './engine/kernel/errors.js';
import { viewFor, type FactionView } from './engine/view.js';
import { actor } from './engine/flow.js';
import { canUndo } from './engine/undo.js';
import { legalActions } from './engine/legal.js';
import { isPassLike, onlyPass, repeatedWindow } from './engine/forced.js';

/** The factions as "your move" messages name them. */
const FACTION_NAMES: Record<Faction, Bilingual> = {
  germany: { no: 'Tyskland', en: 'Germany' },
  norway: { no: 'Norge', en: 'Norway' },
  allies: { no: 'De allierte', en: 'the Allies' },
};

const factionOf = (playerID: string | null) =>
  playerID != null && Object.hasOwn(FACTION_OF_PLAYER, playerID) ? FACTION_OF_PLAYER[playerID]! : null;

export const kampenOmNorgeModule: GameModule<GameState, FactionView> = {
  id: 'kampen-om-norge',
  game: KampenOmNorge,
  texts: {
    name: { no: 'Kampen om Norge', en: 'The Battle of Norway' },
    summary: {
      no: 'Tyskland mot Norge og de allierte, april–juni 1940. To eller tre spillere.',
      en: 'Germany against Norway and the Allies, April–June 1940. Two or three players.',
    },
  },
  setupSchema: setupDataSchema,
  defaultSetup: { ruleset: 'basic' },
  refusalOf: (e) => (e instanceof RuleError ? { code: e.code, message: e.message } : null),
  // The seats of each plan: which boardgame.io players (factions, see types.ts) each seat commands.
  plans: {
    three: [
      { key: 'germany', playerIDs: ['0'] },
      { key: 'norway', playerIDs: ['1'] },
      { key: 'allies', playerIDs: ['2'] },
    ],
    two: [
      { key: 'germany', playerIDs: ['0'] },
      { key: 'norway+allies', playerIDs: ['1', '2'] },
    ],
    teams: [
      { key: 'germany', playerIDs: ['0'] },
      { key: 'norway', playerIDs: ['1'] },
      { key: 'allies', playerIDs: ['2'] },
    ],
  },
  defaultPlan: 'three',
  players: { min: 2, max: 3 },
  view: (G, playerID) => viewFor(G, factionOf(playerID)),
  legalMoves: (G, ctx, playerID) => legalMoves(G, ctx, playerID),
  toMove: (G) => {
    if (G.result) return [];
    const a = actor(G);
    return a ? [PLAYER_OF_FACTION[a.faction]] : [];
  },
  checkMove: (G, playerID, type, args, origin) => checkMove(G, playerID, type, args, origin),
  canUndo: (G, playerID) => {
    const f = factionOf(playerID);
    return f !== null && canUndo(G, f);
  },
  // At zero with 'pass' chosen: pass where passing is allowed (the reaction and card windows); its
  // other decisions go to a computer player (null here). 'lose': the side loses on time.
  clockMove: (G, playerID) => (checkMove(G, playerID, 'pass', [{}], 'server') === null ? { move: 'pass', args: [{}] } : null),
  loseOnTime: () => ({ move: 'loseOnTime', args: [{}] }),
  clockNames: FACTION_OF_PLAYER,
  seatName: (playerID) => {
    const f = factionOf(playerID);
    return f ? FACTION_NAMES[f] : { no: playerID, en: playerID };
  },
  // Passing is all a side can do in many a reaction window (engine/forced.ts): the server passes there.
  autoPass: {
    onlyPass: (G, playerID) => {
      const f = factionOf(playerID);
      const a = f && onlyPass(G, f);
      return a ? { move: a.type, args: [a.args] } : null;
    },
    isPass: (m) => isPassLike({ type: m.move, args: m.args[0] }),
    repeated: (G, playerID) => {
      const f = factionOf(playerID);
      const r = f && repeatedWindow(G, f);
      return r ? { window: r.window, phase: r.phase, pass: { move: r.pass.type, args: [r.pass.args] } } : null;
    },
  },
  bots: {
    levels: ['easy', 'normal'],
    load: () => import('./bots/module-bots.js').then((m) => m.decide),
    // Pass or end the phase where it may, else its first legal action.
    fallback: (view, playerID) => {
      const f = factionOf(playerID);
      if (!f) return null;
      const legal = legalActions(view as unknown as GameState, f);
      const plain = legal.find((a) => a.type === 'pass') ?? legal.find((a) => a.type === 'endPhase') ?? legal[0];
      return plain ? { move: plain.type, args: [plain.args] } : null;
    },
    // The same seat in the same round, turn and phase (a reaction window in another side's turn is a
    // stretch of its own): a person's move in between changes the phase or the turn.
    pacingKey: (G, playerID) => `${playerID} ${G.round} ${G.turn} ${G.phase} ${G.combat?.area ?? ''}`,
  },
};
