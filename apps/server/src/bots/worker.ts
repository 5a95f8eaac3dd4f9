/**
 * A bot worker thread: lists the seat's legal actions from its view and asks the bot of the given
 * strength to choose. Listing and deciding both run here, off the server's event loop.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { legalFromView, seededRng } from '@kon/game/bots';
import { BOT_REGISTRY } from './registry';
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

port.on('message', (req: DecideRequest) => {
  let reply: DecideReply;
  try {
    const bot = BOT_REGISTRY[req.strength];
    if (!bot) throw new Error(`no ${req.strength} computer player in this build`);
    const legal = legalFromView(req.view);
    if (legal.length === 0) throw new Error('the seat has no legal action');
    const action = bot({ view: req.view, legal, rng: seededRng(req.seed) });
    reply = { id: req.id, ok: true, action, legalCount: legal.length };
  } catch (e) {
    reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
