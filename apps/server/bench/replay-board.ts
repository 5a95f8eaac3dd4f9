/**
 * How long the board at a log entry takes (GET /api/matches/:id/board, a replay of the stored moves
 * through boardgame.io's reducer), for a whole basic game played out at random through the transport.
 * Run: npx tsx apps/server/bench/replay-board.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../src/app';
import { loadConfig } from '../src/core/config';
import { playOut } from '../test/play-out';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-bench-replay-'));
const server = await startServer(
  loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
    AUTOPASS: 'off',
  }),
);
try {
  const created = await server.lobby.create(server.lobby.parseCreate({ plan: 'three', setupData: { ruleset: 'basic' } }));
  const id = created.matchID;
  for (const [i, s] of created.links.seats.entries()) await server.lobby.join(id, { token: s.token, name: `P${i}` });
  let t = performance.now();
  const G = await playOut(server.transport, id, { seed: 5 });
  const playMs = performance.now() - t;
  const total = G.logBase + G.log.length;
  const moves = ((await server.storage.fetch(id, { log: true })).log ?? []).length;
  const times: number[] = [];
  for (const entry of [0, Math.floor(total / 2), total - 1, 5, Math.floor(total / 3)]) {
    t = performance.now();
    const r = await fetch(`${server.url}/api/matches/${id}/board?entry=${entry}`, {
      headers: { authorization: `Bearer ${created.links.spectator}` },
    });
    await r.json();
    times.push(performance.now() - t);
  }
  console.log(JSON.stringify({ moves, logEntries: total, playOutMs: Math.round(playMs), boardMs: times.map(Math.round) }));
} finally {
  await server.stop('bench end');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
