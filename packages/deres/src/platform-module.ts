/**
 * Deres uenighet as a game module of the platform (@kon/platform): what the server, the lobby and the
 * web client may know of this game. Seats are alike (all against all): numbered player1..player4, each
 * one boardgame.io player; the nations are chosen in the game's own set-up.
 */
import type { GameModule, PlanSeat } from '@kon/platform';
import { checkMove, clockMove, DeresUenighet, legalMoves } from './game.js';
import { isRefusalCode, refusalText } from './data/refusals.js';
import { stages } from './engine/flow.js';
import { presetProblem, setupDataSchema, type SetupData } from './engine/setup.js';
import { RuleError } from './engine/kernel.js';
import { viewFor } from './engine/view.js';
import type { DeresState, DeresView } from './types.js';

// The game's lessons beside its module: the server finds them on the konGame entry as `lessons` (docs/lessons.md).
export { DERES_LESSONS as lessons } from './lessons/index.js';

const seats = (n: number): PlanSeat[] => Array.from({ length: n }, (_, i) => ({ key: `player${i + 1}`, playerIDs: [String(i)] }));

const isSeat = (G: DeresState, playerID: string | null): playerID is string => playerID != null && Object.hasOwn(G.nations, playerID);

/** A surrender is asked and this seat, still in, has not answered it. */
export function mustAnswerSurrender(G: Pick<DeresState, 'surrender' | 'nations' | 'result'>, seat: string): boolean {
  const s = G.surrender;
  return !!s && !G.result && s.seat !== seat && !s.consents.includes(seat) && !G.nations[seat]?.out;
}

export const deresModule: GameModule<DeresState, DeresView> = {
  id: 'deres-uenighet',
  game: DeresUenighet,
  texts: {
    name: { no: 'Deres uenighet', en: 'Their Disagreement' },
    summary: {
      no: 'Alle mot alle: bygg kartet, kjøp, flytt og skyt med hemmelige ordre som avsløres samtidig. Diplomati anbefales.',
      en: 'All against all: build the map, then buy, move and shoot by secret orders revealed together. Diplomacy encouraged.',
    },
  },
  setupSchema: setupDataSchema,
  defaultSetup: {},
  // Preset nations must fit the plan's seats (the game's set-up refuses them otherwise).
  validateSetup: (setupData, planSeats) => {
    const problem = presetProblem(
      (setupData as SetupData).nations,
      planSeats.flatMap((s) => s.playerIDs),
    );
    return problem ? [{ path: 'nations', message: problem }] : [];
  },
  refusalOf: (e) => (e instanceof RuleError ? { code: e.code, message: e.message } : null),
  plans: { three: seats(3), two: seats(2), four: seats(4) },
  defaultPlan: 'three',
  players: { min: 2, max: 4 },
  view: (G, playerID) => viewFor(G, isSeat(G, playerID) ? playerID : null),
  legalMoves: (G, ctx, playerID) => legalMoves(G, ctx, playerID),
  toMove: (G) =>
    Object.entries(stages(G))
      .filter(([, s]) => s === 'orders' || s === 'setup')
      .map(([seat]) => seat),
  // Every set-up action and every resolved step logs an event; submitting orders does not. The log's
  // end, not the batch's length: a move that logs nothing still starts an empty batch.
  decisionOf: (G) => `${G.phase} ${G.round} ${G.shootingRound} ${G.step ?? ''} ${(G.logBase ?? 0) + G.log.length}`,
  // Each seat's orders are its own: another seat's landing first leaves them meaning the same.
  independentMoves: ['submitOrders', 'submitEmpty'],
  checkMove: (G, playerID, type, args) => checkMove(G, playerID, type, args),
  refusalText: (code, params, lang) => (isRefusalCode(code) ? refusalText(code, params, lang === 'no' ? 'nb' : 'en') : null),
  // Orders are secret until revealed together, and set-up draws terrain unseen: nothing is taken back.
  canUndo: () => false,
  // Messages name a seat by its number (its nation is chosen in the game's own set-up).
  seatName: (playerID) => ({ no: `spiller ${Number(playerID) + 1}`, en: `player ${Number(playerID) + 1}` }),
  // No automatic passing (no autoPass): a seat's orders are always a decision, never a forced pass.
  bots: {
    // Easy: the random player; Normal: the evaluating player that plays to win (bots/greedy.ts).
    levels: ['easy', 'normal'],
    load: () => import('./bots/module-bots.js').then((m) => m.decide),
    // Empty orders (or the first listed set-up choice): the clock's move for a seat out of time.
    fallback: (view, playerID) => (isSeat(view as unknown as DeresState, playerID) ? clockMove(view, playerID) : null),
    // A surrender asked of a seat waits for its answer (no clock runs for it).
    mayAct: (G) => (G.surrender ? G.seats.filter((s) => mustAnswerSurrender(G, s)) : []),
  },
  // A seat out of time in an order step submits empty orders; in set-up, the first listed choice.
  clockMove: (G, playerID) => (isSeat(G, playerID) ? clockMove(G, playerID) : null),
  // Two missed deadlines in a row: the computer plays the nation until its player acts again (rules-decisions.md).
  missedDeadlinesToComputer: 2,
};
