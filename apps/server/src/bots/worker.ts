/**
 * A bot worker thread: lists the seat's legal actions from its view and asks the bot of the given
 * strength to choose. Listing and deciding both run here, off the server's event loop.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
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
 */
const BOT_NICE = 19;
if (process.platform === 'linux') {
  try {
    setPriority(0, BOT_NICE);
  } catch {
    // A sandbox that forbids it: think at normal priority rather than not at all.
  }
  // Lower still where util-linux's chrt is at hand: SCHED_IDLE runs this thread only on a core nothing
  // else wants (nice 19 still takes a small share from busy cores). Any thread may lower its own policy.
  try {
    const tid = readlinkSync('/proc/thread-self').split('/').pop()!;
    execFileSync('chrt', ['--idle', '-p', '0', tid], { stdio: 'ignore', timeout: 5_000 });
  } catch {
    // No chrt (a slim image): nice 19 alone.
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
