/**
 * What the server uses of boardgame.io's internal entry, in this one file: boardgame.io's public
 * entries (boardgame.io/server, /core, /master) export none of it, and we run the game through its
 * reducer ourselves (move-runner.ts, replay.ts), filter each seat's view with its playerView filter
 * (transport/patches.ts), make a match's first state (lobby.ts) and keep its storage interface
 * (storage/base-store.ts). An upgrade of boardgame.io has this file to check, and a name it no
 * longer exports stops the server at start-up here, not at the first move. (test/import-rules.test.ts
 * keeps every other file off boardgame.io/internal.)
 */
import { createRequire } from 'node:module';
import type { Game } from 'boardgame.io';

// CommonJS build: the internal entry's ESM build is not loadable by Node as it is packaged. The
// production bundle takes this line out (scripts/build.mjs), and with it boardgame.io, bundled once.
const require = createRequire(import.meta.url);
const internal = require('boardgame.io/internal') as typeof import('boardgame.io/internal');

const USED = ['Async', 'InitializeGame', 'CreateGameReducer', 'ProcessGameConfig', 'getFilterPlayerView'] as const;
for (const name of USED)
  if (typeof internal[name] !== 'function') throw new Error(`boardgame.io/internal no longer exports ${name}: see bgio-internal.ts`);

/** boardgame.io's asynchronous storage interface (its Server reads matches through it). */
export const Async = internal.Async;
/** A match's first state, as boardgame.io's Master would make it. */
export const InitializeGame = internal.InitializeGame;
/** boardgame.io's playerView filter of a game's messages (what a seat, or a spectator, may see). */
export const getFilterPlayerView = internal.getFilterPlayerView;

/** A game's config as boardgame.io completes it (flow, plugins, move names). */
export const ProcessGameConfig = internal.ProcessGameConfig;
export type ProcessedGame = ReturnType<typeof internal.ProcessGameConfig>;

/** boardgame.io's reducer of a game: a state and an action in, the next state out. */
export function gameReducer<R>(game: Game | ProcessedGame): R {
  return internal.CreateGameReducer({ game: game as Game }) as unknown as R;
}
