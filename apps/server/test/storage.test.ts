// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, sqliteFile, SqliteStore, type SqlStorage } from '../src/storage';

const require = createRequire(import.meta.url);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Config = { dataDir: string; databaseUrl: string | undefined; databaseSchema: string };
interface Backend {
  name: string;
  config: () => Config;
  /** A query on a connection of its own (not the store's), as another process would see the data. */
  freshQuery: (cfg: Config, sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  cleanup: (cfg: Config) => Promise<void>;
  /** The stored size of each event row of a match. */
  eventBytesSql: string;
}

const backends: Backend[] = [
  {
    name: 'sqlite (embedded)',
    config: () => ({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'kon-store-')), databaseUrl: undefined, databaseSchema: 'public' }),
    freshQuery: async (cfg, sql, params = []) => {
      const Database = require('better-sqlite3') as typeof import('better-sqlite3');
      const db = new Database(sqliteFile(cfg.dataDir), { readonly: true });
      try {
        return db.prepare(sql.replace(/\$\d+/g, '?')).all(...params) as Record<string, unknown>[];
      } finally {
        db.close();
      }
    },
    cleanup: async (cfg) => fs.rmSync(cfg.dataDir, { recursive: true, force: true }),
    eventBytesSql: 'SELECT length(body) AS bytes FROM kon_events WHERE match_id = $1',
  },
  {
    name: 'postgresql',
    // A unique schema per run so concurrent runs never collide.
    config: () => ({ dataDir: '', databaseUrl: PG_URL, databaseSchema: `kon_test_${randomBytes(5).toString('hex')}` }),
    freshQuery: async (cfg, sql, params = []) => {
      const pg = require('pg') as typeof import('pg');
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(`SET search_path TO "${cfg.databaseSchema}"`);
        return (await c.query(sql, params)).rows;
      } finally {
        await c.end();
      }
    },
    cleanup: async (cfg) => {
      const s = await openStorage(cfg);
      await s.dropAll();
      await s.close();
    },
    eventBytesSql: 'SELECT length(entries::text) AS bytes FROM kon_events WHERE match_id = $1',
  },
];

const meta = (now: number, extra: Record<string, unknown> = {}) => ({
  gameName: 'kampen-om-norge',
  players: { 0: { id: 0 }, 1: { id: 1 }, 2: { id: 2 } },
  createdAt: now,
  updatedAt: now,
  ...extra,
});
const state = (id: number, G: unknown = { n: id }) =>
  ({ G, ctx: { turn: id, numPlayers: 3 }, plugins: {}, _undo: [], _redo: [], _stateID: id }) as never;
const action = (id: number) =>
  ({ action: { type: 'MAKE_MOVE', payload: { type: 'm', args: [id] } }, _stateID: id - 1, turn: id, phase: 'x' }) as never;
/** A state as the engine now makes it: only this move's log entries, and where they start. */
const moveState = (id: number, entries: unknown[], logBase: number, pad = 0) =>
  state(id, { log: entries, logBase, pad: pad ? 'x'.repeat(pad) : undefined });
const entry = (move: number, k: number) => ({ move, k, text: `move ${move} entry ${k}` });

for (const backend of backends) {
  describe(`the match store on ${backend.name}`, () => {
    let cfg: Config;
    let storage: SqlStorage;
    const reopen = async () => {
      await storage.close();
      storage = await openStorage(cfg);
    };
    beforeAll(async () => {
      cfg = backend.config();
      storage = await openStorage(cfg);
    }, 30_000);
    afterAll(async () => {
      await storage?.close();
      await backend.cleanup(cfg);
    }, 30_000);

    it('keeps side records (clocks, notification settings) per match, kind and key; durable, replaced, deleted, wiped with the match', async () => {
      const now = Date.now();
      for (const id of ['s1', 's2'])
        await storage.createMatchWithLobby(id, { initialState: state(0), metadata: meta(now) as never }, { v: 1 }, false);
      await storage.putSide('s1', 'clock', 'state', { deadline: 1, running: 'germany' });
      await storage.putSide('s1', 'clock', 'state', { deadline: 2, running: 'norway' });
      await storage.putSide('s2', 'clock', 'state', { deadline: 3 });
      await storage.putSide('s1', 'notify', 'member-a', { email: 'a@example.test' });
      await storage.putSide('s1', 'notify', 'member-b', { email: 'b@example.test' });
      await reopen();
      expect(await storage.getSide('s1', 'clock', 'state')).toEqual({ deadline: 2, running: 'norway' });
      expect(await storage.getSide('s1', 'clock', 'other')).toBeUndefined();
      const clocks = await storage.listSide('clock');
      expect(clocks.map((r) => [r.matchID, r.key, r.data]).sort()).toEqual([
        ['s1', 'state', { deadline: 2, running: 'norway' }],
        ['s2', 'state', { deadline: 3 }],
      ]);
      expect((await storage.listSide('notify', 's1')).map((r) => r.key).sort()).toEqual(['member-a', 'member-b']);
      expect(await storage.listSide('notify', 's2')).toEqual([]);
      await storage.putSide('s1', 'notify', 'member-a', null);
      expect((await storage.listSide('notify', 's1')).map((r) => r.key)).toEqual(['member-b']);
      await storage.wipe('s1');
      expect(await storage.getSide('s1', 'clock', 'state')).toBeUndefined();
      expect(await storage.listSide('notify', 's1')).toEqual([]);
      expect((await storage.listSide('clock')).map((r) => r.matchID)).toEqual(['s2']);
      await storage.wipe('s2');
    });

    it('creates, fetches, updates state with log, and lists', async () => {
      const now = Date.now();
      await storage.createMatch('m1', { initialState: state(0), metadata: meta(now) as never });
      await storage.createMatchWithLobby('m2', { initialState: state(0), metadata: meta(now + 1) as never }, { v: 1 }, true);
      const f = await storage.fetch('m1', { state: true, initialState: true, metadata: true, log: true });
      expect(f.state?._stateID).toBe(0);
      expect(f.initialState?._stateID).toBe(0);
      expect(f.metadata?.gameName).toBe('kampen-om-norge');
      expect(f.log).toEqual([]);

      await storage.setState('m1', state(1), [action(1)]);
      await storage.setState('m1', state(2), [action(2)]);
      // boardgame.io's setState: an older state never overwrites a newer one, and that is no error.
      await storage.setState('m1', state(1, { stale: true }), [action(1)]);
      const g = await storage.fetch('m1', { state: true, log: true });
      expect(g.state?._stateID).toBe(2);
      expect(g.log).toEqual([action(1), action(2)]);

      expect(await storage.listMatches()).toEqual(['m1', 'm2']);
      expect(await storage.listMatches({ gameName: 'other' })).toEqual([]);
      await storage.setMetadata('m1', meta(now, { updatedAt: now + 10, gameover: { winner: '0' } }) as never);
      expect(await storage.listMatches({ where: { isGameover: true } })).toEqual(['m1']);
      expect(await storage.listMatches({ where: { isGameover: false } })).toEqual(['m2']);
      expect(await storage.listMatches({ where: { updatedAfter: now + 5 } })).toEqual(['m1']);
      expect(await storage.listMatches({ where: { updatedBefore: now + 5 } })).toEqual(['m2']);

      const pub = await storage.listPublic(10);
      expect(pub.map((p) => p.id)).toEqual(['m2']);
      expect(pub[0]!.lobby).toEqual({ v: 1 });
      expect((await storage.fetchLobby('m2'))?.lobby).toEqual({ v: 1 });
      await storage.setLobby('m2', { v: 2 }, meta(now + 1, { updatedAt: now + 20 }) as never);
      expect((await storage.fetchLobby('m2'))?.lobby).toEqual({ v: 2 });
      expect(await storage.fetch('missing', { state: true, metadata: true })).toEqual({});
      expect(await storage.fetchLobby('missing')).toBeUndefined();

      await storage.wipe('m2');
      expect(await storage.listMatches()).toEqual(['m1']);
      expect(await backend.freshQuery(cfg, 'SELECT state_id FROM kon_events WHERE match_id = $1', ['m2'])).toEqual([]);
    });

    it('commitMove appends one event per move; fetchHistory and the action log return the right slices', async () => {
      const setup = [entry(0, 0), entry(0, 1), entry(0, 2)];
      await storage.createMatch('hist', { initialState: moveState(0, setup, 0), metadata: meta(Date.now()) as never });
      expect(await storage.fetchHistory('hist')).toEqual(setup);
      const all = [...setup];
      const moves = 60;
      for (let id = 1; id <= moves; id++) {
        // Some moves log nothing, some several entries.
        const entries = Array.from({ length: id % 4 }, (_, k) => entry(id, k));
        await storage.commitMove('hist', { state: moveState(id, entries, all.length), deltalog: [action(id)] });
        all.push(...entries);
      }
      expect(await storage.fetchHistory('hist')).toEqual(all);
      expect(await storage.fetchHistory('hist', 0)).toEqual(all);
      for (const from of [1, 3, 4, 50, all.length - 1, all.length, all.length + 5])
        expect(await storage.fetchHistory('hist', from)).toEqual(all.slice(from));
      const f = await storage.fetch('hist', { state: true, log: true });
      expect(f.state?._stateID).toBe(moves);
      expect(f.log).toEqual(Array.from({ length: moves }, (_, i) => action(i + 1)));
      const rows = await backend.freshQuery(cfg, 'SELECT count(*) AS n FROM kon_events WHERE match_id = $1', ['hist']);
      expect(Number(rows[0]!.n)).toBe(moves + 1);
      expect(await storage.fetchHistory('missing')).toEqual([]);
    });

    it('fetchHistory leaves out entries an undo took back (a state whose logBase goes back)', async () => {
      const all: unknown[] = [entry(0, 0)];
      await storage.createMatch('undo', { initialState: moveState(0, [...all], 0), metadata: meta(Date.now()) as never });
      let id = 0;
      const move = async (entries: unknown[], base = all.length) => {
        await storage.commitMove('undo', { state: moveState(++id, entries, base), deltalog: [action(id)] });
        all.length = base;
        all.push(...entries);
      };
      await move([entry(1, 0), entry(1, 1)]); // the barrier: a roll
      await move([entry(2, 0)]);
      await move([entry(3, 0), entry(3, 1)]);
      // Undo twice: the state goes back to move 1's batch, entries 1..2.
      await move([entry(2, 0)], 3);
      await move([entry(1, 0), entry(1, 1)], 1);
      expect(all).toHaveLength(3);
      for (const from of [0, 1, 2, 3, 4, 6]) expect(await storage.fetchHistory('undo', from)).toEqual(all.slice(from));
      // A new decision after the undo writes over what was taken back.
      await move([entry(6, 0), entry(6, 1), entry(6, 2)]);
      await move([]);
      for (const from of [0, 2, 3, 5, 6, 7]) expect(await storage.fetchHistory('undo', from)).toEqual(all.slice(from));
      expect(all.map((e: any) => e.event ?? e)).toHaveLength(6);
    });

    it('stores metadata given with a move in the same write', async () => {
      const now = Date.now();
      await storage.createMatch('meta', { initialState: state(0), metadata: meta(now) as never });
      await storage.commitMove('meta', {
        state: state(1),
        deltalog: [action(1)],
        metadata: meta(now, { updatedAt: now + 7, gameover: { winner: '1' } }) as never,
      });
      const f = await storage.fetch('meta', { metadata: true });
      expect(f.metadata?.gameover).toEqual({ winner: '1' });
      expect(await storage.listMatches({ where: { isGameover: true, updatedAfter: now + 6 } })).toContain('meta');
    });

    it('a state without logBase (the whole log in G.log) stores only the entries that are new', async () => {
      const log: unknown[] = [entry(0, 0)];
      await storage.createMatch('old', { initialState: state(0, { log: [...log] }), metadata: meta(Date.now()) as never });
      for (let id = 1; id <= 10; id++) {
        log.push(entry(id, 0), entry(id, 1));
        await storage.commitMove('old', { state: state(id, { log: [...log] }), deltalog: [action(id)] });
      }
      expect(await storage.fetchHistory('old')).toEqual(log);
      expect(await storage.fetchHistory('old', 7)).toEqual(log.slice(7));
    });

    it('refuses a stale commit (same or lower _stateID) with code "stale" and changes nothing', async () => {
      await storage.createMatch('stale', { initialState: moveState(0, [entry(0, 0)], 0), metadata: meta(Date.now()) as never });
      await storage.commitMove('stale', { state: moveState(1, [entry(1, 0)], 1), deltalog: [action(1)] });
      await storage.commitMove('stale', { state: moveState(2, [entry(2, 0)], 2), deltalog: [action(2)] });
      const before = await storage.fetch('stale', { state: true, metadata: true, log: true });
      const history = await storage.fetchHistory('stale');
      for (const id of [2, 1, 0]) {
        await expect(
          storage.commitMove('stale', {
            state: moveState(id, [entry(99, 0)], 99),
            deltalog: [action(99)],
            metadata: meta(1, { gameover: {} }) as never,
          }),
        ).rejects.toMatchObject({ code: 'stale' });
      }
      expect(await storage.fetch('stale', { state: true, metadata: true, log: true })).toEqual(before);
      expect(await storage.fetchHistory('stale')).toEqual(history);
      await expect(storage.commitMove('nope', { state: state(1), deltalog: [] })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('of concurrent commits of the same move exactly one lands', async () => {
      await storage.createMatch('race', { initialState: moveState(0, [], 0), metadata: meta(Date.now()) as never });
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, k) => storage.commitMove('race', { state: moveState(1, [entry(1, k)], 0), deltalog: [action(1)] })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'stale' });
      expect(await storage.fetchHistory('race')).toHaveLength(1);
      expect((await storage.fetch('race', { log: true })).log).toHaveLength(1);
    });

    it('group commit: 50 concurrent moves on different matches all land, each readable elsewhere when it resolves', async () => {
      const ids = Array.from({ length: 50 }, (_, i) => `group${i}`);
      await Promise.all(ids.map((id) => storage.createMatch(id, { initialState: state(0), metadata: meta(Date.now()) as never })));
      const before = storage instanceof SqliteStore ? { ...storage.commitStats } : undefined;
      const seen = await Promise.all(
        ids.map((id) =>
          storage.commitMove(id, { state: moveState(1, [entry(1, 0)], 0), deltalog: [action(1)] }).then(() =>
            backend.freshQuery(
              cfg,
              // The match's head is its newest event row.
              'SELECT max(e.state_id) AS state_id, count(e.state_id) AS n FROM kon_events e WHERE e.match_id = $1',
              [id],
            ),
          ),
        ),
      );
      for (const rows of seen) expect(rows.map((r) => [Number(r.state_id), Number(r.n)])).toEqual([[1, 2]]);
      if (storage instanceof SqliteStore) {
        // The 50 moves were started in one turn of the event loop: one transaction carried them all.
        expect(storage.commitStats.commits - before!.commits).toBe(1);
        expect(storage.commitStats.writes - before!.writes).toBe(50);
      }
    });

    it('keeps matches across a close and reopen', async () => {
      await storage.createMatch('persist', { initialState: moveState(0, [entry(0, 0)], 0), metadata: meta(Date.now()) as never });
      await storage.commitMove('persist', { state: moveState(7, [entry(7, 0)], 1), deltalog: [action(7)] });
      await reopen();
      const f = await storage.fetch('persist', { state: true, log: true });
      expect(f.state?._stateID).toBe(7);
      expect(f.log).toEqual([action(7)]);
      expect(await storage.fetchHistory('persist')).toEqual([entry(0, 0), entry(7, 0)]);
    }, 30_000);

    it('close() waits for writes that are still under way', async () => {
      await storage.createMatch('drain', { initialState: state(0), metadata: meta(Date.now()) as never });
      const writes = [];
      for (let i = 1; i <= 20; i++) writes.push(storage.setState('drain', state(i)));
      await storage.close();
      await Promise.all(writes);
      storage = await openStorage(cfg);
      expect((await storage.fetch('drain', { state: true })).state?._stateID).toBe(20);
    }, 30_000);

    it('a move whose commit resolved survives kill -9 of the process right after', async () => {
      await storage.createMatch('kill', { initialState: state(0), metadata: meta(Date.now()) as never });
      await storage.close();
      const script = path.join(__dirname, 'fixtures/commit-forever.ts');
      const env = {
        ...process.env,
        MATCH_ID: 'kill',
        DATA_DIR: cfg.dataDir,
        DATABASE_URL: cfg.databaseUrl ?? '',
        DATABASE_SCHEMA: cfg.databaseSchema,
      };
      const kills = 5;
      for (let k = 0; k < kills; k++) {
        const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let err = '';
        child.stderr.on('data', (d) => (err += d));
        const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
        // Kill on the first "committed" line, after the child did a few commits at least in some rounds.
        const wantLines = 1 + k * 3;
        const lastCommitted = await new Promise<number>((resolve, reject) => {
          let buf = '';
          let lines = 0;
          child.stdout.on('data', (d) => {
            buf += d;
            const done = buf.split('\n');
            buf = done.pop()!;
            for (const line of done) {
              const m = /^committed (\d+)$/.exec(line);
              if (m && ++lines === wantLines) {
                child.kill('SIGKILL');
                resolve(Number(m[1]));
              }
            }
          });
          child.on('exit', () => reject(new Error(`child exited before committing: ${err}`)));
        });
        expect(await exited).toBe('SIGKILL');
        storage = await openStorage(cfg);
        const f = await storage.fetch('kill', { state: true, log: true });
        expect(f.state!._stateID).toBeGreaterThanOrEqual(lastCommitted);
        // Every stored move has its event: nothing torn.
        expect(f.log).toHaveLength(f.state!._stateID);
        expect(await storage.fetchHistory('kill')).toHaveLength(f.state!._stateID);
        await storage.close();
      }
      storage = await openStorage(cfg);
    }, 120_000);

    it('a long game stores one small event per move, never rewriting the history', async () => {
      await storage.createMatch('long', { initialState: moveState(0, [], 0, 10_000), metadata: meta(Date.now()) as never });
      const moves = 700;
      for (let id = 1; id <= moves; id++)
        await storage.commitMove('long', {
          state: moveState(id, [entry(id, 0), entry(id, 1)], 2 * (id - 1), 10_000),
          deltalog: [action(id)],
        });
      const rows = await backend.freshQuery(cfg, backend.eventBytesSql, ['long']);
      expect(rows).toHaveLength(moves + 1);
      // Each event holds its own move's entries only (two small objects), not the log so far.
      expect(Math.max(...rows.map((r) => Number(r.bytes)))).toBeLessThan(400);
      const history = await storage.fetchHistory('long', 2 * moves - 4);
      expect(history).toEqual([entry(moves - 1, 0), entry(moves - 1, 1), entry(moves, 0), entry(moves, 1)]);
    }, 120_000);
  });
}

describe('PostgreSQL tables of the earlier single-row shape', () => {
  it('are migrated on start: each match keeps its state, action log and public log, and takes new moves', async () => {
    const schema = `kon_test_${randomBytes(5).toString('hex')}`;
    const cfg = { dataDir: '', databaseUrl: PG_URL, databaseSchema: schema };
    const pg = require('pg') as typeof import('pg');
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA "${schema}"`);
      // The table as the previous version created it.
      await c.query(`CREATE TABLE "${schema}".kon_matches (
        id text PRIMARY KEY, game_name text NOT NULL, state jsonb, initial_state jsonb, metadata jsonb NOT NULL,
        log jsonb NOT NULL DEFAULT '[]'::jsonb, lobby jsonb, public boolean NOT NULL DEFAULT false,
        gameover boolean NOT NULL DEFAULT false, created_at bigint NOT NULL, updated_at bigint NOT NULL)`);
      const log = [entry(0, 0), entry(1, 0), entry(2, 0)];
      await c.query(
        `INSERT INTO "${schema}".kon_matches (id, game_name, state, initial_state, metadata, log, lobby, public, created_at, updated_at)
         VALUES ('old', 'kampen-om-norge', $1, $2, $3, $4, $5, true, 1, 2)`,
        [
          JSON.stringify(state(2, { log })),
          JSON.stringify(state(0, { log: [entry(0, 0)] })),
          JSON.stringify(meta(1)),
          JSON.stringify([action(1), action(2)]),
          JSON.stringify({ v: 1 }),
        ],
      );
      const store = await openStorage(cfg);
      try {
        const f = await store.fetch('old', { state: true, initialState: true, log: true });
        expect(f.state?._stateID).toBe(2);
        expect(f.log).toEqual([action(1), action(2)]);
        expect(await store.fetchHistory('old')).toEqual(log);
        expect((await store.fetchLobby('old'))?.lobby).toEqual({ v: 1 });
        await store.commitMove('old', { state: moveState(3, [entry(3, 0)], 3), deltalog: [action(3)] });
        expect(await store.fetchHistory('old', 2)).toEqual([entry(2, 0), entry(3, 0)]);
        await expect(store.commitMove('old', { state: state(2), deltalog: [] })).rejects.toMatchObject({ code: 'stale' });
      } finally {
        await store.dropAll();
        await store.close();
      }
    } finally {
      await c.end();
    }
  });
});
