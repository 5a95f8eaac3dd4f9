/**
 * A bot worker thread: lists the seat's legal actions from its view and asks the bot of the given
 * strength to choose. Listing and deciding both run here, off the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { legalFromView, seededRng } from '@kon/game/bots';
import { BOT_REGISTRY } from './registry';
import type { DecideReply, DecideRequest } from './protocol';

const port = parentPort;
if (!port) throw new Error('bots/worker.ts runs only as a worker thread');

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
