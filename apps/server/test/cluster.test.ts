// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Several server processes on one PostgreSQL database and one Redis (REDIS_URL): the seats of one
 * match on different processes see every update once and in order; moves for one match reaching
 * both processes at once never fork it (one is refused, its client is brought up to date); a process
 * killed with kill -9 or stopped with SIGTERM hands its clients to the other without losing a move
 * anyone saw. Skipped when PostgreSQL or Redis is not running here.
 */
import net from 'node:net';
import { legalMoves } from '@kon/game';
import { describe, expect, it } from 'vitest';
import { api, createMatch, gameClient, join, sleep, tappedSocketIO, waitFor, type GameClient } from './helpers';
import { freePort, kill9, PG_URL, terminate } from './child-server';
import { needs } from './services';
import { twoProcesses } from './two-processes';
import { decodeAll } from '../src/storage/event-codec';

const available = await needs('postgres', 'redis');

interface Seat {
  client: GameClient;
  /** State IDs of every update/patch this socket received after its first sync, in arrival order. */
  updates: number[];
  errors: string[];
  /** How many times the server synced this client (once per connection). */
  syncs: number;
}

/** A boardgame.io client whose socket records the state ID of every update it is sent. */
function seat(url: string, matchID: string, playerID: string | null, credentials: string): Seat {
  const s: Seat = { client: undefined as never, updates: [], errors: [], syncs: 0 };
  const mp = tappedSocketIO(
    url,
    (socket) => {
      socket.on('update', (_m: string, state: { _stateID: number }) => s.updates.push(state._stateID));
      socket.on('patch', (_m: string, _prev: number, stateID: number) => s.updates.push(stateID));
      socket.on('kon:error', (e: { code: string }) => s.errors.push(e.code));
      socket.on('sync', () => s.syncs++);
    },
    // WebSocket only: the proxy below forwards whole connections, with no sticky sessions for polling.
    { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 200 },
  );
  s.client = gameClient(matchID, playerID, credentials, mp);
  return s;
}

/** Who must act now, and one of their legal moves (from that seat's own view). */
function pickMove(seats: Seat[], spectator: Seat, random: (n: number) => number) {
  const st = spectator.client.getState();
  if (!st?.G || st.ctx.gameover) return undefined;
  const pid = Object.keys(st.ctx.activePlayers ?? { [st.ctx.currentPlayer]: true })[0]!;
  const own = seats.find((s) => s.client.playerID === pid && s.client.getState()?._stateID === st._stateID)?.client.getState();
  if (!own) return undefined;
  const options = legalMoves(own.G as any, own.ctx, pid);
  return { pid, stateID: st._stateID, choice: options[random(options.length)]! };
}

/** A TCP proxy in front of the processes, forwarding each new connection to the first one that answers (as a load balancer's health check would). */
async function proxy(ports: () => number[]) {
  const server = net.createServer((inbound) => {
    inbound.pause();
    const tryNext = (i: number) => {
      const port = ports()[i];
      if (port === undefined) return inbound.destroy();
      const out = net.connect(port, '127.0.0.1');
      out.once('error', () => tryNext(i + 1));
      out.once('connect', () => {
        out.removeAllListeners('error');
        out.on('error', () => inbound.destroy());
        inbound.on('error', () => out.destroy());
        inbound.pipe(out).pipe(inbound);
        inbound.resume();
      });
    };
    tryNext(0);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.skipIf(!available)('several server processes (PostgreSQL + Redis)', () => {
  // Seats are handed to the computer after a few seconds away, not a minute.
  const pair = twoProcesses('kon_cluster', { env: { HAND_OVER_AFTER_S: '4' } });
  const { procs, schema } = pair;

  it('seats on different processes see every update once and in order, and the same views', async () => {
    const m = await createMatch(pair.urls[0]!, { plan: 'three', setupData: { ruleset: 'advanced' } });
    const members = await Promise.all(m.links.seats.map((s, i) => join(pair.urls[i % 2]!, m.matchID, s.token, `Spiller ${i + 1}`)));
    // Every seat twice, once on each process; the spectator on both.
    const seats = members.flatMap((mem, i) => [0, 1].map((p) => seat(pair.urls[p]!, m.matchID, String(i), mem.credentials)));
    const spectators = [0, 1].map((p) => seat(pair.urls[p]!, m.matchID, null, m.links.spectator));
    const all = [...seats, ...spectators];
    try {
      await waitFor(() => all.every((s) => s.client.getState()?.G), 'every client synced', 20_000);
      let rng = 7;
      const random = (n: number) => (rng = (Math.imul(rng, 1103515245) + 12345) >>> 0) % n;
      const start = spectators[0]!.client.getState()!._stateID;
      let moves = 0;
      while (moves < 60) {
        const next = pickMove(seats, spectators[0]!, random);
        if (!next) break;
        // Alternate the process the move is sent through.
        const mover = seats.filter((s) => s.client.playerID === next.pid)[moves % 2]!;
        (mover.client.moves as any)[next.choice.move](...next.choice.args);
        await waitFor(
          () => all.every((s) => (s.client.getState()?._stateID ?? 0) > next.stateID),
          `move ${moves + 1} seen everywhere`,
          15_000,
        );
        moves++;
      }
      expect(moves).toBeGreaterThan(20);
      const end = spectators[0]!.client.getState()!._stateID;
      for (const [i, s] of all.entries()) {
        const after = s.updates.filter((id) => id > start);
        expect(after, `client ${i}: every update once, in order`).toEqual(Array.from({ length: end - start }, (_, k) => start + k + 1));
        expect(s.errors, `client ${i}`).toEqual([]);
      }
      // The two processes show each seat, and the spectator, exactly the same thing.
      for (let i = 0; i < seats.length; i += 2) expect(seats[i]!.client.getState()!.G).toEqual(seats[i + 1]!.client.getState()!.G);
      expect(spectators[0]!.client.getState()!.G).toEqual(spectators[1]!.client.getState()!.G);
    } finally {
      for (const s of all) s.client.stop();
    }
  }, 180_000);

  it('moves for one match reaching both processes at once: one is stored, the other refused, no fork', async () => {
    const m = await createMatch(pair.urls[0]!, { plan: 'three', setupData: { ruleset: 'basic' } });
    const members = await Promise.all(m.links.seats.map((s, i) => join(pair.urls[0]!, m.matchID, s.token, `Spiller ${i + 1}`)));
    const seats = members.flatMap((mem, i) => [0, 1].map((p) => seat(pair.urls[p]!, m.matchID, String(i), mem.credentials)));
    const spectator = seat(pair.urls[1]!, m.matchID, null, m.links.spectator);
    const { Client: Pg } = (await import('pg')).default as unknown as typeof import('pg');
    const db = new Pg({ connectionString: PG_URL });
    await db.connect();
    /** The moves stored after `stateID`, as the store has them (rows are deflated in chains: read all, in order). */
    const storedAfter = async (stateID: number) => {
      const { rows } = await db.query(
        `SELECT state_id, log_base, codec, body, snap FROM "${schema}".kon_events WHERE match_id = $1 ORDER BY state_id`,
        [m.matchID],
      );
      const events = decodeAll(
        rows.map((r: { state_id: number; log_base: number; codec: number | null; body: Buffer | null; snap: Buffer | null }) => ({
          stateID: r.state_id,
          logBase: r.log_base,
          codec: r.codec,
          body: r.body,
          snap: r.snap,
        })),
      );
      return events
        .filter((e) => e.stateID > stateID)
        .map((e) => ({
          stateID: e.stateID,
          moves: (e.actions as { action: { payload: { type: string; args: unknown[]; playerID: string } } }[]).map((a) => a.action.payload),
        }));
    };
    try {
      await waitFor(() => [...seats, spectator].every((s) => s.client.getState()?.G), 'every client synced', 20_000);
      let rng = 99;
      const random = (n: number) => (rng = (Math.imul(rng, 1103515245) + 12345) >>> 0) % n;
      let refused = 0;
      for (let round = 0; round < 12; round++) {
        const next = pickMove(seats, spectator, random);
        if (!next) break;
        const [a, b] = seats.filter((s) => s.client.playerID === next.pid);
        await waitFor(
          () => a!.client.getState()?._stateID === next.stateID && b!.client.getState()?._stateID === next.stateID,
          'both copies of the seat current',
        );
        const other = pickMove([b!], spectator, random)!;
        const errorsBefore = a!.errors.length + b!.errors.length;
        // The same seat, from both processes, at the same moment.
        (a!.client.moves as any)[next.choice.move](...next.choice.args);
        (b!.client.moves as any)[other.choice.move](...other.choice.args);
        await waitFor(
          () => [...seats, spectator].every((s) => (s.client.getState()?._stateID ?? 0) > next.stateID),
          'one of the two moves seen everywhere',
          15_000,
        );
        await sleep(300); // let the refusal arrive
        const newErrors = [...a!.errors, ...b!.errors].length - errorsBefore;
        // Exactly one of the two is stored, right after the state both were made against; the store
        // holds nothing else since (the state moved on by one move), and the loser heard why.
        const stored = await storedAfter(next.stateID);
        const sent = [next.choice, other.choice].map((c) => ({ type: c.move, args: c.args, playerID: next.pid }));
        const detail = JSON.stringify({ round, stored, sent, errors: [a!.errors, b!.errors] });
        expect(
          stored.map((e) => e.stateID),
          detail,
        ).toEqual([next.stateID + 1]);
        expect(sent, detail).toContainEqual(stored[0]!.moves[0]);
        expect(spectator.client.getState()!._stateID, detail).toBe(next.stateID + 1);
        if (newErrors > 0) {
          refused++;
          expect([...a!.errors, ...b!.errors].slice(-1)[0]).toMatch(/^(stale_state|match_busy)$/);
        }
        // (Both copies may also agree when the two processes happened to receive the same move.)
        expect(a!.client.getState()!.G).toEqual(b!.client.getState()!.G);
      }
      expect(refused).toBeGreaterThan(0);
      // The stored history has one event per state from the created match on, with no gap: no fork.
      const ids = (
        await db.query(`SELECT state_id FROM "${schema}".kon_events WHERE match_id = $1 ORDER BY state_id`, [m.matchID])
      ).rows.map((r) => r.state_id as number);
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, k) => k));
      expect(ids.at(-1)).toBe(spectator.client.getState()!._stateID);
    } finally {
      for (const s of [...seats, spectator]) s.client.stop();
      await db.end();
    }
  }, 180_000);

  it("a seat handed to the computer on one process is the computer's on the other too", async () => {
    const m = await createMatch(pair.urls[0]!, { plan: 'three', setupData: { ruleset: 'basic' } });
    const members = await Promise.all(m.links.seats.map((s, i) => join(pair.urls[0]!, m.matchID, s.token, `Spiller ${i + 1}`)));
    // Norway's player on process 1: a move out of turn is refused by the rules (and process 1 now
    // knows who holds the match's seats).
    let norway = seat(pair.urls[1]!, m.matchID, '1', members[1]!.credentials);
    await waitFor(() => norway.client.getState()?.G, 'Norway synced', 20_000);
    (norway.client.moves as any).pass({});
    await waitFor(() => norway.errors.length > 0, 'a refusal');
    expect(norway.errors[0]).not.toBe('seat_is_computer');
    norway.client.stop();
    // Norway is away: Germany hands its seat to the computer through process 0.
    const handed = await waitFor(async () => {
      const r = await api(pair.urls[0]!, 'PUT', `/api/matches/${m.matchID}/seats/norway/bot`, {
        token: members[0]!.credentials,
        body: { strength: 'easy' },
      });
      return r.status === 200 ? r : undefined;
    }, 'the hand-over (once process 0 sees Norway away)');
    expect(handed.json.bots.norway).toMatchObject({ strength: 'easy' });
    // Process 1 refuses Norway's player as the computer's seat now.
    norway = seat(pair.urls[1]!, m.matchID, '1', members[1]!.credentials);
    await waitFor(() => norway.client.getState()?.G, 'Norway synced again', 20_000);
    (norway.client.moves as any).pass({});
    await waitFor(() => norway.errors.length > 0, 'a refusal');
    expect(norway.errors[0]).toBe('seat_is_computer');
    norway.client.stop();
  }, 60_000);

  it('a seat whose player is connected to one process is not handed to the computer through another, until they have been away the stated time', async () => {
    const m = await createMatch(pair.urls[0]!, { plan: 'three', setupData: { ruleset: 'basic' } });
    const members = await Promise.all(m.links.seats.map((s, i) => join(pair.urls[0]!, m.matchID, s.token, `Spiller ${i + 1}`)));
    const put = () =>
      api(pair.urls[0]!, 'PUT', `/api/matches/${m.matchID}/seats/norway/bot`, {
        token: members[0]!.credentials,
        body: { strength: 'easy' },
      });
    const bots = async () => (await api(pair.urls[1]!, 'GET', `/api/matches/${m.matchID}`, { token: members[2]!.credentials })).json.bots;
    // Norway's player is connected through process 1; nobody is connected to the match through process 0.
    const norway = seat(pair.urls[1]!, m.matchID, '1', members[1]!.credentials);
    try {
      await waitFor(() => norway.client.getState()?.G, 'Norway synced', 20_000);
      const present = await put();
      expect(present.status, JSON.stringify(present.json)).toBe(409);
      expect(present.json.error.code).toBe('seat_present');
      expect(await bots()).toEqual({});
      // Norway still plays its own seat.
      (norway.client.moves as any).pass({});
      await waitFor(() => norway.errors.length > 0, 'a refusal');
      expect(norway.errors[0]).not.toBe('seat_is_computer');
    } finally {
      norway.client.stop();
    }
    // Just gone: not yet.
    const brief = await waitFor(async () => {
      const r = await put();
      return r.json?.error?.code === 'seat_present' ? undefined : r;
    }, 'process 0 learns that Norway left process 1');
    expect(brief.status, JSON.stringify(brief.json)).toBe(409);
    expect(brief.json.error.code).toBe('seat_away_briefly');
    expect(await bots()).toEqual({});
    // Away the stated time: handed over.
    const handed = await waitFor(
      async () => {
        const r = await put();
        if (r.status !== 200) expect(r.json.error.code).toBe('seat_away_briefly');
        return r.status === 200 ? r : undefined;
      },
      'the hand-over once Norway has been away long enough',
      20_000,
    );
    expect(handed.json.bots.norway).toMatchObject({ strength: 'easy', reason: 'handed' });
  }, 60_000);

  it('kill -9 of one process, then SIGTERM of the other: clients move over through the proxy and nothing they saw is lost', async () => {
    // The proxy prefers process 0 while it answers.
    const lb = await proxy(() => pair.ports);
    const m = await createMatch(lb.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const members = await Promise.all(m.links.seats.map((s, i) => join(lb.url, m.matchID, s.token, `Spiller ${i + 1}`)));
    const seats = members.map((mem, i) => seat(lb.url, m.matchID, String(i), mem.credentials));
    const spectator = seat(lb.url, m.matchID, null, m.links.spectator);
    const all = [...seats, spectator];
    const seenG = new Map<number, unknown>();
    spectator.client.subscribe((s: any) => s?.G && seenG.set(s._stateID, JSON.parse(JSON.stringify(s.G))));
    let rng = 3;
    const random = (n: number) => (rng = (Math.imul(rng, 1103515245) + 12345) >>> 0) % n;
    const play = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const next = await waitFor(() => pickMove(seats, spectator, random), 'a move to make', 20_000);
        (seats.find((s) => s.client.playerID === next.pid)!.client.moves as any)[next.choice.move](...next.choice.args);
        await waitFor(() => all.every((s) => (s.client.getState()?._stateID ?? 0) > next.stateID), 'the move seen everywhere', 20_000);
      }
    };
    try {
      await waitFor(() => all.every((s) => s.client.getState()?.G), 'every client synced', 20_000);
      await play(10);
      const seen = spectator.client.getState()!._stateID;
      const resynced = (n: number) => all.every((s) => s.syncs >= n && s.client.getState()!._stateID >= seen);
      await kill9(procs[0]!);
      // Every client reconnects (through the proxy, to process 1), is synced again, and goes on from what it saw.
      await waitFor(() => resynced(2), 'reconnected', 30_000);
      expect(spectator.client.getState()!.G).toEqual(seenG.get(spectator.client.getState()!._stateID));
      await play(10);
      // A rolling restart: process 0 comes back, process 1 stops gracefully; the clients follow.
      await pair.start(0);
      const before = spectator.client.getState()!._stateID;
      await terminate(procs[1]!);
      await waitFor(() => resynced(3) && spectator.client.getState()!._stateID >= before, 'moved to process 0', 30_000);
      await play(10);
      expect(spectator.client.getState()!._stateID).toBeGreaterThanOrEqual(before + 10);
      await pair.start(1);
    } finally {
      for (const s of all) s.client.stop();
      await lb.close();
    }
  }, 240_000);
});
