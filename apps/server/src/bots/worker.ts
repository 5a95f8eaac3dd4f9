/**
 * A bot worker thread: asks the match's game module for its computer player (ModuleBots.load, which
 * lists the seat's legal moves from its view and chooses). Listing and deciding both run here, off
 * the server's event loop.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { GameRegistry, ModuleBotDecide } from '@kon/platform';
import { loadGames } from '../games/registry';
import { NORMAL_MAX_MS } from './registry';
import type { DecideReply, DecideRequest } from './protocol';

const port = parentPort;
if (!port) throw new Error('bots/worker.ts runs only as a worker thread');

/**
 * People first: this thread thinks at the lowest priority (nice 19), so on busy cores the event loop
 * that carries people's moves is given the CPU before a bot's search. On Linux the nice value belongs
 * to each thread and setpriority with pid 0 sets the calling thread's only, so the main thread keeps
 * its priority (test/bot-pool.test.ts reads both from /proc). Elsewhere pid 0 means the whole
 * process, which would slow people's moves too: left alone there.
 * SCHED_IDLE (`chrt --idle -p 0 <tid>`, lower still) was tried and not kept: on a host saturated by
 * anything the worker then gets no CPU at all, and a person's own computer opponents stop dead (the
 * browser test's longest computer phase took 26 s at load 26); computer-only matches nobody watches
 * are held back by pacing instead (driver.ts unwatchedMoveDelayMs).
 */
const BOT_NICE = 19;
if (process.platform === 'linux') {
  try {
    setPriority(0, BOT_NICE);
  } catch {
    // A sandbox that forbids it: think at normal priority rather than not at all.
  }
}

let games: Promise<GameRegistry> | undefined;
const players = new Map<string, Promise<ModuleBotDecide>>();

/** The deciding function of a game's computer players, loaded once per worker. */
async function playerOf(game: string | undefined): Promise<ModuleBotDecide> {
  games ??= loadGames().then((g) => g.registry);
  const module = (await games).of(game);
  let p = players.get(module.id);
  if (!p) {
    if (!module.bots) throw new Error(`${module.texts.name.en} has no computer players`);
    players.set(module.id, (p = module.bots.load()));
  }
  return p;
}

port.on('message', async (req: DecideRequest) => {
  let reply: DecideReply;
  try {
    const decide = await playerOf(req.game);
    // The default game's players read their seat from the view (its views name their viewer).
    const playerID = req.playerID ?? '';
    const { move, legalCount } = decide({ level: req.strength, view: req.view, playerID, seed: req.seed, maxMs: NORMAL_MAX_MS });
    reply = { id: req.id, ok: true, move, legalCount };
  } catch (e) {
    reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
