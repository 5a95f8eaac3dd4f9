/**
 * The boardgame.io face of the rules. All logic lives in engine/; each move is server-only, and every
 * seat still in the game is always active (its stage says what it may do): orders are simultaneous,
 * and surrender may be asked and answered at any time.
 */
import type { Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import { plainCopy, plainMovesPlugin, settled } from '@kon/platform/plain-moves';
import { parseAction, perform, whyIllegal } from './engine/actions.js';
import { stages, waitingFor } from './engine/flow.js';
import { RuleError, startLogBatch, why, type Rng, type Why } from './engine/kernel.js';
import { refusalText, type RefusalCode, type RefusalParams } from './data/refusals.js';
import { legalActions, type LegalMove } from './engine/legal.js';
import { createInitialState, setupDataSchema, type SetupData } from './engine/setup.js';
import { viewFor } from './engine/view.js';
import { MOVE_NAMES } from './schemas.js';
import { STAGES, type DeresState, type DeresView } from './types.js';

/** Moves a clock may make for a seat whose time ran out: an empty submission. */
export const CLOCK_MOVE = 'submitEmpty' as const;

interface RandomAPI {
  D12(): number;
  Shuffle<T>(deck: T[]): T[];
}
export const rngOf = (random: RandomAPI): Rng => ({ d12: () => random.D12(), shuffle: (xs) => random.Shuffle(xs) });

function makeMove(type: string) {
  return {
    client: false,
    // Orders are secret: boardgame.io's log keeps their arguments from everyone but the mover.
    redact: type === 'submitOrders',
    move: ({ G: draft, playerID, random, events }: any, ...args: unknown[]) => {
      if (playerID == null || !Object.hasOwn(draft.nations, playerID) || args.length !== 1) return INVALID_MOVE;
      // The rules change a plain copy, not immer's draft (@kon/platform's plain-moves.ts).
      const plain = plainCopy<DeresState>(draft);
      const G = plain ?? draft;
      try {
        startLogBatch(G);
        perform(G, playerID, parseAction(type, args[0]), rngOf(random));
      } catch (e) {
        if (e instanceof RuleError) return INVALID_MOVE;
        throw e;
      }
      events.setActivePlayers({ value: stages(G) });
      return plain ? settled(plain) : undefined;
    },
  };
}

export const DeresUenighet: Game<DeresState, any, SetupData> = {
  name: 'deres-uenighet',
  minPlayers: 2,
  maxPlayers: 4,
  disableUndo: true,
  plugins: [plainMovesPlugin as any],
  setup: ({ ctx, random }: any, setupData?: SetupData) => createInitialState(ctx.numPlayers, setupData, rngOf(random)),
  validateSetupData: (setupData, numPlayers) => {
    if (numPlayers < 2 || numPlayers > 4) return 'Deres uenighet is for 2–4 players';
    const parsed = setupDataSchema.safeParse(setupData ?? {});
    return parsed.success ? undefined : parsed.error.issues.map((i) => i.message).join('; ');
  },
  // No prototype: boardgame.io looks moves up with `name in moves`.
  moves: Object.assign(Object.create(null), Object.fromEntries(MOVE_NAMES.map((t) => [t, makeMove(t)]))),
  turn: {
    onBegin: ({ G, events }: any) => {
      events.setActivePlayers({ value: stages(G) });
    },
    stages: Object.fromEntries(STAGES.map((s) => [s, {}])),
  },
  endIf: ({ G }) => G.result ?? undefined,
  playerView: ({ G, playerID }) => viewFor(G, playerID != null && Object.hasOwn(G.nations, playerID) ? playerID : null) as any,
};

/**
 * The move a clock makes for a seat whose time ran out: empty orders in an order step; in set-up the
 * first listed move (the first free nation, slot, square). Null if the game is not waiting for it.
 */
export function clockMove(G: DeresState | DeresView, seat: string): LegalMove | null {
  if (!waitingFor(G).includes(seat)) return null;
  if (G.setupTurn === null) return { move: CLOCK_MOVE, args: [{}] };
  return legalActions(G, seat).find((m) => m.move !== 'proposeSurrender' && m.move !== 'useInvention') ?? null;
}

/** Legal moves in boardgame.io's shape for a seat (on the state or the seat's own view). */
export function legalMoves(G: DeresState | DeresView, _ctx: unknown, playerID: string | null | undefined): LegalMove[] {
  if (playerID == null || !Object.hasOwn(G.nations, playerID)) return [];
  return legalActions(G, playerID);
}

/**
 * Why a move would be refused: a code of data/refusals.ts (kebab-case, which the server passes on as
 * the refusal's `rule`), the parameters its text names, and the English text (for logs).
 */
export interface Refusal {
  code: RefusalCode;
  params: RefusalParams;
  message: string;
}
const refusal = (w: Why): Refusal => ({ code: w.code, params: w.params, message: refusalText(w.code, w.params, 'en') });

/** Chance is never used to judge a move: only to carry it out. */
const NO_CHANCE: Rng = { d12: () => 1, shuffle: (xs) => [...xs] };

/**
 * Whether a move as a client sends it would be accepted now, and why not: a known move name, exactly one
 * argument its schema accepts, from a seat of the match, and allowed by the rules (tried on a copy).
 * For the server to ask before boardgame.io's master runs it, so a refused move changes nothing.
 */
export function checkMove(G: DeresState, playerID: string, type: unknown, args: unknown): Refusal | null {
  if (typeof type !== 'string' || !(MOVE_NAMES as string[]).includes(type))
    return refusal(why('unknown-move', { move: String(type).slice(0, 64) }));
  if (!Array.isArray(args) || args.length !== 1) return refusal(why('bad-arguments', { field: type }));
  if (!Object.hasOwn(G.nations, playerID)) return refusal(why('not-a-seat'));
  const bad = whyIllegal(G, playerID, type, args[0], NO_CHANCE);
  return bad === null ? null : refusal(bad);
}
