/**
 * A fuzzer any game module gets for free (as Rally the Troops gives each of its modules): random
 * games played only through the module's contract, checking after every move that
 * - the game never reaches a dead end: while it is not over someone must decide, and each seat that
 *   must decide has a legal move;
 * - every listed move passes the game's own check and boardgame.io runs it;
 * - every view (each seat's and a spectator's) is plain data, the same when asked twice, the same as
 *   the boardgame.io game's own playerView, and free of the secrets the caller names for that viewer;
 * - refusals change nothing: a move of no such name is refused by `checkMove`, asking `checkMove` or
 *   `view` never changes the state, and a listed move sent by a seat that need not decide is refused
 *   by boardgame.io with the state as it was.
 * Imported by tests only (`@kon/platform/fuzz`): it runs boardgame.io's client in this process.
 */
import type { Ctx } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import type { GameModule, ModuleMove } from './index';

export interface FuzzOptions<G> {
  /** How many games (each with its own seed). */
  games: number;
  /** The most moves per game; a game still going then counts as unfinished, not as a failure. */
  maxMoves: number;
  /** Seat plan (default: the module's default plan) and set-up (default: its default set-up). */
  plan?: string;
  setupData?: unknown;
  /** Text that must not appear in `viewer`'s view (null: a spectator), e.g. other seats' hidden cards. */
  secrets?: (G: G, viewer: string | null) => string[];
  /** The first seed; game k uses seed + k. */
  seed?: number;
}

export interface FuzzReport {
  games: number;
  finished: number;
  moves: number;
}

export class FuzzFailure extends Error {}

type FuzzClient = ReturnType<typeof Client>;

const rng = (seed: number) => {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
};
const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)]!;
const json = (x: unknown) => JSON.stringify(x);

export function fuzzModule<G>(module: GameModule<G>, opts: FuzzOptions<G>): FuzzReport {
  const report: FuzzReport = { games: 0, finished: 0, moves: 0 };
  const plan = module.plans[opts.plan ?? module.defaultPlan];
  if (!plan) throw new FuzzFailure(`${module.id}: no plan ${opts.plan}`);
  const numPlayers = new Set(plan.flatMap((s) => s.playerIDs)).size;
  const viewers = [...Array.from({ length: numPlayers }, (_, i) => String(i)), null];
  for (let k = 0; k < opts.games; k++) {
    const seed = (opts.seed ?? 1) + k;
    const where = (move: number, what: string) => new FuzzFailure(`${module.id}, seed ${seed}, move ${move}: ${what}`);
    const setupData = opts.setupData ?? module.defaultSetup;
    const client = Client({
      game: {
        ...module.game,
        seed: String(seed),
        // boardgame.io's local client passes no set-up data: the game gets it here.
        ...(module.game.setup
          ? { setup: (context: Parameters<NonNullable<typeof module.game.setup>>[0]) => module.game.setup!(context, setupData) }
          : {}),
        // The whole state, not a view: the fuzzer asks the module for each view itself.
        playerView: ({ G }) => G,
      },
      numPlayers,
      debug: false,
    }) as FuzzClient;
    client.start();
    const r = rng(seed);
    report.games++;
    let n = 0;
    for (; n < opts.maxMoves; n++) {
      const { G, ctx, _stateID } = client.getState()!;
      checkViews(module, G as G, ctx, viewers, opts, (what) => where(n, what));
      if (ctx.gameover !== undefined) break;
      const toMove = module.toMove(G as G, ctx);
      if (toMove.length === 0) throw where(n, 'the game is not over, yet no seat must decide');
      for (const pid of toMove)
        if (module.legalMoves(G as G, ctx, pid).length === 0) throw where(n, `seat ${pid} must decide and has no legal move`);
      checkRefusals(module, client, toMove, viewers, (what) => where(n, what));
      const seat = pick(toMove, r);
      const move = pick(module.legalMoves(G as G, ctx, seat), r);
      const probe = structuredClone(G) as G;
      const refusal = module.checkMove?.(probe, seat, move.move, move.args, 'player');
      if (json(probe) !== json(G)) throw where(n, `checkMove changed the state (${describe(move)})`);
      if (refusal) throw where(n, `seat ${seat}'s listed move ${describe(move)} is refused by checkMove: ${refusal.code}`);
      client.updatePlayerID(seat);
      client.moves[move.move]?.(...move.args);
      if (client.getState()!._stateID === _stateID) throw where(n, `boardgame.io did not run seat ${seat}'s listed move ${describe(move)}`);
      report.moves++;
    }
    if (client.getState()!.ctx.gameover !== undefined) report.finished++;
    client.stop();
  }
  return report;
}

const describe = (m: ModuleMove) => `${m.move}(${json(m.args).slice(1, -1).slice(0, 120)})`;

function checkViews<G>(
  module: GameModule<G>,
  G: G,
  ctx: Ctx,
  viewers: (string | null)[],
  opts: FuzzOptions<G>,
  fail: (what: string) => FuzzFailure,
) {
  // The state boardgame.io keeps is frozen: the module is asked about a copy, to see whether it writes.
  const before = json(G);
  const probe = structuredClone(G);
  for (const viewer of viewers) {
    const who = viewer === null ? 'the spectator' : `seat ${viewer}`;
    const view = json(module.view(probe, viewer));
    if (view === undefined) throw fail(`${who}'s view is not plain data`);
    if (json(module.view(probe, viewer)) !== view) throw fail(`${who}'s view differs when asked twice`);
    const own = module.game.playerView?.({ G, ctx, playerID: viewer });
    if (own !== undefined && json(own) !== view) throw fail(`${who}'s view is not the boardgame.io game's playerView`);
    for (const secret of opts.secrets?.(G, viewer) ?? []) if (view.includes(secret)) throw fail(`${who}'s view shows ${json(secret)}`);
  }
  if (json(probe) !== before) throw fail('asking for the views changed the state');
}

function checkRefusals<G>(
  module: GameModule<G>,
  client: FuzzClient,
  toMove: string[],
  viewers: (string | null)[],
  fail: (what: string) => FuzzFailure,
) {
  const { G, ctx, _stateID } = client.getState()!;
  const before = json(G);
  const probe = structuredClone(G) as G;
  for (const pid of toMove) {
    if (module.checkMove && !module.checkMove(probe, pid, 'no-such-move', [], 'player'))
      throw fail(`checkMove lets seat ${pid} make a move of no such name`);
    module.checkMove?.(probe, pid, module.legalMoves(G as G, ctx, pid)[0]!.move, [{ fuzz: 'not an argument' }, null], 'player');
  }
  if (json(probe) !== before) throw fail('checkMove changed the state');
  // A seat that need not decide sends another seat's listed move: boardgame.io refuses it, and nothing changes.
  const mayAct = (v: string) => toMove.includes(v) || (ctx.activePlayers ? v in ctx.activePlayers : v === ctx.currentPlayer);
  const idle = viewers.find((v): v is string => v !== null && !mayAct(v));
  if (idle === undefined) return;
  const listed = module.legalMoves(G as G, ctx, toMove[0]!)[0]!;
  client.updatePlayerID(idle);
  quietly(() => client.moves[listed.move]?.(...listed.args));
  const after = client.getState()!;
  if (after._stateID !== _stateID || json(after.G) !== before)
    throw fail(`seat ${idle}, which need not decide, changed the game with ${describe(listed)}`);
}

/** Runs a move boardgame.io is expected to refuse without its "disallowed move" line on the console. */
function quietly(run: () => void) {
  const error = console.error;
  console.error = () => {};
  try {
    run();
  } finally {
    console.error = error;
  }
}
