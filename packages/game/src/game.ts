/**
 * The boardgame.io face of the rules. All logic lives in engine/; here each action becomes a
 * server-only move, and the engine's idea of who acts becomes boardgame.io's turn and stages.
 */
import type { Game, Ctx } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import { FACTION_OF_PLAYER, PLAYER_OF_FACTION, type Faction } from './types.js';
import type { GameState } from './engine/model/state.js';
import type { Rng } from './engine/kernel/rng.js';
import { createInitialState, setupDataSchema, type SetupData } from './engine/setup.js';
import { ACTION_TYPES, parseAction, perform, whyIllegal, type Action, type ActionType } from './engine/actions.js';
import { RuleError, refusalOf, type Refusal } from './engine/kernel/errors.js';
import { activePlayers, actor } from './engine/flow.js';
import { canUndo, trailAfter, undone, watchChance } from './engine/undo.js';
import { startLogBatch } from './engine/kernel/log.js';
import { legalActions } from './engine/legal.js';
import { viewFor, type FactionView } from './engine/view.js';
import { APRIL9_SECRET_ARGS } from './engine/april9/actions.js';
import { NAVAL_SECRET_ARGS } from './engine/naval/actions.js';
import { STAGES } from './engine/model/stage.js';
import { loseOnTime } from './engine/kernel/victory.js';
import { plainCopy, plainMovesPlugin, plainOr, settled } from '@kon/platform/plain-moves';

/**
 * Moves only the server may make (its clocks), never a client: checkMove refuses them unless the
 * server itself submits them. `loseOnTime`: the acting seat's clock ran out and the match was created
 * so that this loses the game.
 */
export const SERVER_MOVES = ['loseOnTime'] as const;
export type ServerMove = (typeof SERVER_MOVES)[number];
export type MoveOrigin = 'player' | 'server';

interface RandomAPI {
  D6(): number;
  Shuffle<T>(deck: T[]): T[];
}
const rngOf = (random: RandomAPI): Rng => ({ d6: () => random.D6(), shuffle: (xs) => random.Shuffle(xs) });

/** Hand boardgame.io the engine's view of who must act next. */
function syncControl(G: GameState, ctx: Ctx, events: { endTurn: (a?: object) => void; setActivePlayers: (a: object) => void }): void {
  if (G.result) return;
  const turnPlayer = PLAYER_OF_FACTION[G.turn];
  if (turnPlayer !== ctx.currentPlayer) events.endTurn({ next: turnPlayer });
  else events.setActivePlayers({ value: activePlayers(G) });
}

/**
 * A move's undo bookkeeping, handed from the move (inside immer, where G is a slow proxy) to undoPlugin
 * (outside it, where the states before and after are plain immutable objects): the snapshot is then the
 * earlier state itself, and comparing what each seat may see costs a few hundredths of a millisecond.
 */
let pendingUndo: { faction: Faction; action: Action; chance: boolean } | null = null;

const undoPlugin = {
  name: 'kon-undo',
  fnWrap:
    (fn: (context: any, ...args: unknown[]) => unknown, type: unknown) =>
    (context: any, ...args: unknown[]) => {
      if (type !== 'MOVE') return fn(context, ...args);
      pendingUndo = null;
      const before = context.G as GameState;
      const out = fn(context, ...args) as GameState | typeof INVALID_MOVE;
      const p = pendingUndo as { faction: Faction; action: Action; chance: boolean } | null;
      pendingUndo = null;
      if (!p || out === INVALID_MOVE) return out;
      const trail = trailAfter(before, out, p.faction, p.action, p.chance);
      const { undo: _old, ...rest } = out;
      return trail ? { ...rest, undo: trail } : rest;
    },
};

function makeMove(type: ActionType) {
  return {
    client: false,
    // Arguments naming the mover's own face-down ships or secret cards are blanked for the other seats.
    redact: ([...APRIL9_SECRET_ARGS, ...NAVAL_SECRET_ARGS] as readonly string[]).includes(type),
    // Only what the moving faction can already see goes into the public log; hands are not in args.
    move: ({ G: draft, ctx, playerID, random, events }: any, ...args: unknown[]) => {
      const faction = Object.hasOwn(FACTION_OF_PLAYER, playerID) ? FACTION_OF_PLAYER[playerID] : undefined;
      // Exactly one argument object: extra arguments would be kept in boardgame.io's log and sent on.
      if (!faction || args.length !== 1) return INVALID_MOVE;
      // A plain copy rather than immer's draft (plain-moves.ts); the rules never touch the undo trail.
      const plain = plainCopy<GameState>(draft, ['undo']);
      const G = plain ?? draft;
      try {
        const action = parseAction(type, args[0]);
        const watched = watchChance(rngOf(random));
        startLogBatch(G);
        perform(G, faction, action, watched.rng);
        pendingUndo = { faction, action, chance: watched.used() };
      } catch (e) {
        if (e instanceof RuleError) return INVALID_MOVE;
        throw e;
      }
      syncControl(G, ctx, events);
      return plain ? settled(plain) : undefined;
    },
  };
}

/** Take back the mover's last decision (engine/undo.ts); boardgame.io's own undo stays off. */
const undoMove = {
  client: false,
  move: ({ G, ctx, playerID, events }: any, ...args: unknown[]) => {
    const faction = Object.hasOwn(FACTION_OF_PLAYER, playerID) ? FACTION_OF_PLAYER[playerID] : undefined;
    if (!faction || args.length !== 1 || !isEmptyObject(args[0]) || !canUndo(G, faction)) return INVALID_MOVE;
    // undone() builds a new state from copies: read the plain state rather than immer's draft.
    const restored = undone(plainOr(G), faction);
    syncControl(restored, ctx, events);
    return settled(restored);
  },
};
const isEmptyObject = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length === 0;

export const KampenOmNorge: Game<GameState, any, SetupData> = {
  name: 'kampen-om-norge',
  minPlayers: 3,
  maxPlayers: 3,
  disableUndo: true,
  // plainMovesPlugin: the moves change plain copies, not immer drafts (plain-moves.ts).
  plugins: [undoPlugin as any, plainMovesPlugin as any],
  setup: ({ random }: any, setupData?: SetupData) => createInitialState(setupData, rngOf(random)),
  validateSetupData: (setupData) => {
    const parsed = setupDataSchema.safeParse(setupData ?? {});
    return parsed.success ? undefined : parsed.error.issues.map((i) => i.message).join('; ');
  },
  // No prototype: boardgame.io looks moves up with `name in moves`, which would find `__proto__`,
  // `constructor` or `toString` on a plain object.
  moves: Object.assign(Object.create(null), Object.fromEntries(ACTION_TYPES.map((t) => [t, makeMove(t)])), {
    undo: undoMove,
    loseOnTime: {
      client: false,
      move: ({ G: draft, playerID }: any, ...args: unknown[]) => {
        const faction = Object.hasOwn(FACTION_OF_PLAYER, playerID) ? FACTION_OF_PLAYER[playerID] : undefined;
        if (!faction || args.length !== 1 || actor(draft)?.faction !== faction) return INVALID_MOVE;
        const plain = plainCopy<GameState>(draft, ['undo']);
        const G = plain ?? draft;
        startLogBatch(G);
        loseOnTime(G, faction);
        // The game is over: nothing before it can be taken back.
        G.undo = null;
        return plain ? settled(plain) : undefined;
      },
    },
  }),
  turn: {
    order: {
      first: ({ G }: { G: GameState }) => Number(PLAYER_OF_FACTION[G.turn]),
      next: ({ G }: { G: GameState }) => Number(PLAYER_OF_FACTION[G.turn]),
    },
    onBegin: ({ G, events }: any) => {
      events.setActivePlayers({ value: activePlayers(plainOr<GameState>(G)) });
    },
    // Stages carry no moves of their own: the engine decides what each stage allows.
    stages: Object.fromEntries(STAGES.map((s) => [s, {}])),
  },
  endIf: ({ G }) => G.result ?? undefined,
  playerView: ({ G, playerID }) => viewFor(G, playerID != null ? (FACTION_OF_PLAYER[playerID] ?? null) : null) as any,
};

/**
 * Legal moves in boardgame.io's shape, for clients and bots. Works on the full state and on the
 * acting seat's own view: deciding legality reads only public state and the actor's own hand.
 */
export function legalMoves(
  G: GameState | FactionView,
  _ctx: Ctx | undefined,
  playerID: string | null | undefined,
): { move: string; args: unknown[] }[] {
  const faction = playerID != null ? FACTION_OF_PLAYER[playerID] : undefined;
  if (!faction) return [];
  return legalActions(G as GameState, faction).map((a) => ({ move: a.type, args: [a.args] }));
}

const MOVE_NAMES: ReadonlySet<string> = new Set(ACTION_TYPES);

/**
 * Whether a move as a client sends it would be accepted now, and why not: the game's own move name,
 * exactly one argument that its schema accepts, from the seat that may act, and legal by the rules.
 * The server asks this before boardgame.io's master runs the move, so that a refused move changes and
 * stores nothing and its sender hears why.
 */
export function checkMove(G: GameState, playerID: string, type: unknown, args: unknown, origin: MoveOrigin = 'player'): Refusal | null {
  if (typeof type === 'string' && (SERVER_MOVES as readonly string[]).includes(type)) return checkServerMove(G, playerID, args, origin);
  if (type === 'undo') return checkUndo(G, playerID, args);
  if (typeof type !== 'string' || !MOVE_NAMES.has(type))
    return { code: 'unknown-move', message: `there is no move named ${JSON.stringify(String(type)).slice(0, 80)}` };
  if (!Array.isArray(args) || args.length !== 1) return { code: 'bad-arguments', message: 'a move takes exactly one argument object' };
  const faction = Object.hasOwn(FACTION_OF_PLAYER, playerID) ? FACTION_OF_PLAYER[playerID] : undefined;
  if (!faction) return { code: 'not-a-seat', message: 'only a seat can move' };
  let refusal: Refusal | null = null;
  const parsed = refusalOf(() => {
    const action = parseAction(type, args[0]);
    refusal = whyIllegal(G, faction, action);
  });
  return parsed ?? refusal;
}

function checkUndo(G: GameState, playerID: string, args: unknown): Refusal | null {
  if (!Array.isArray(args) || args.length !== 1 || !isEmptyObject(args[0]))
    return { code: 'bad-arguments', message: 'undo takes one empty argument object' };
  const faction = Object.hasOwn(FACTION_OF_PLAYER, playerID) ? FACTION_OF_PLAYER[playerID] : undefined;
  if (!faction) return { code: 'not-a-seat', message: 'only a seat can take a decision back' };
  if (canUndo(G, faction)) return null;
  if (G.undo && G.undo.faction !== faction) return { code: 'not-yours', message: 'only the faction that made a decision may take it back' };
  return { code: 'nothing-to-undo', message: 'there is nothing to take back since something became known' };
}

/** A server-only move: refused to every client; from the server, only for the seat that must act now. */
function checkServerMove(G: GameState, playerID: string, args: unknown, origin: MoveOrigin): Refusal | null {
  if (origin !== 'server') return { code: 'server-only', message: 'only the server can make this move' };
  if (!Array.isArray(args) || args.length !== 1 || JSON.stringify(args[0]) !== '{}')
    return { code: 'bad-arguments', message: 'a move takes exactly one argument object' };
  if (G.result) return { code: 'game-over', message: 'the game is over' };
  const faction = Object.hasOwn(FACTION_OF_PLAYER, playerID) ? FACTION_OF_PLAYER[playerID] : undefined;
  const a = actor(G);
  if (!faction || !a || a.faction !== faction)
    return { code: 'not-your-turn', message: a ? `waiting for ${a.faction}` : 'nobody is to act' };
  return null;
}

export { actor };
