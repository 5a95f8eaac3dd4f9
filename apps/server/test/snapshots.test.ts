// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * A move stores its change to the state, and every N moves the whole state: a match is rebuilt from
 * its latest snapshot and the changes after it. These tests play real games through the engine's
 * reducer and compare every rebuilt state with the live one, byte for byte on SQLite (PostgreSQL's
 * jsonb keeps no key order: values there), and check older files, missing and damaged rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { State } from 'boardgame.io';
import { actor, KampenOmNorge, legalActions, PLAYER_OF_FACTION, type GameState } from '@kon/game';
import { afterAll, describe, expect, it } from 'vitest';
import { MoveRunner } from '../src/matches/move-runner';
import { openStorage, sqliteFile, type SqlStorage } from '../src/storage';
import { applyDelta, diffState, jsonCopy } from '../src/storage/state-delta';
import { CHAIN_CODECS, ChainWriter, decodeAll, inflateText, isChainStart } from '../src/storage/event-codec';
import { PG_URL } from './child-server';
import { needs } from './services';

const require = createRequire(import.meta.url);
const { InitializeGame } = require('boardgame.io/internal') as typeof import('boardgame.io/internal');

const meta = () =>
  ({ gameName: 'kampen-om-norge', players: { 0: { id: 0 }, 1: { id: 1 }, 2: { id: 2 } }, createdAt: 1, updatedAt: 1 }) as never;

/** A real game, move by move: each yielded state is a new state made by boardgame.io's reducer. */
function* realGame(seed: string, moves: number) {
  const runner = new MoveRunner(KampenOmNorge);
  let state = InitializeGame({ game: { ...KampenOmNorge, seed }, numPlayers: 3, setupData: { ruleset: 'advanced' } }) as State;
  yield { state, deltalog: [] as never[] };
  let r = 1;
  const rand = () => (r = (Math.imul(r, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let n = 0; n < moves; n++) {
    const G = state.G as GameState;
    if (G.result) return;
    const a = actor(G);
    if (!a) return;
    const legal = legalActions(G, a.faction);
    const active = legal.filter((x) => x.type !== 'pass' && x.type !== 'endPhase');
    const pool = active.length > 0 && rand() < 0.6 ? active : legal;
    const pick = pool[Math.floor(rand() * pool.length)]!;
    const playerID = PLAYER_OF_FACTION[a.faction];
    const out = runner.run(state, meta(), { type: 'MAKE_MOVE', payload: { type: pick.type, args: [pick.args], playerID } }, playerID);
    if ('error' in out) throw new Error(`refused: ${out.error}`);
    state = out.state;
    yield { state, deltalog: out.deltalog as never[] };
  }
}

describe('a state change (state-delta)', () => {
  const roundTrip = (a: unknown, b: unknown) => JSON.stringify(applyDelta(JSON.parse(JSON.stringify(a)), diffState(a, b)));

  it('turns the state before into the state after, byte for byte, over a real game', () => {
    // boardgame.io changes some of ctx of the state before in place as it makes the next one: the
    // text of each state is taken as it was made, as the store wrote it.
    let prev: { state: State; text: string } | undefined;
    let moves = 0;
    for (const { state } of realGame('delta', 400)) {
      const text = JSON.stringify(state);
      if (prev) expect(JSON.stringify(applyDelta(JSON.parse(prev.text), diffState(prev.state, state))), `move ${moves}`).toBe(text);
      prev = { state, text };
      moves++;
    }
    expect(moves).toBeGreaterThan(100);
  });

  it('keeps key order: new keys after the old, a reordered object replaced whole, undefined keys left out', () => {
    const cases: [unknown, unknown][] = [
      [
        { a: 1, b: 2 },
        { a: 1, c: 3, b: 2 },
      ],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [
        { a: 1, b: { x: [1, 2, 3] } },
        { b: { x: [1, 5] }, a: 1 },
      ],
      [
        { a: 1, b: 2 },
        { a: 1, c: undefined, b: 3 },
      ],
      [
        { a: 1, c: undefined },
        { a: 2, c: 4 },
      ],
      [
        { 2: 'x', a: 1 },
        { 1: 'y', 2: 'x', a: 1 },
      ],
      [{ l: [1, { p: 2 }, 3] }, { l: [1, { p: 3 }, 3, 4, null] }],
      [{ l: [1, undefined, 3] }, { l: [null, 2] }],
      [{ n: null }, { n: { deep: [1] } }],
      [[1, 2], { a: 1 }],
    ];
    for (const [a, b] of cases) expect(roundTrip(a, b)).toBe(JSON.stringify(b));
  });

  it("stores ctx whole: boardgame.io changes the state before in place (a stage's move count) as it makes the next", () => {
    const counts = { 0: 0 };
    const prev = { G: { a: 1 }, ctx: { turn: 1, _activePlayersNumMoves: counts }, _stateID: 1 };
    const stored = JSON.stringify(prev);
    counts[0]++; // what ProcessMove does to the object both states share
    const next = { G: { a: 2 }, ctx: { ...prev.ctx, numMoves: 1 }, _stateID: 2 };
    expect(JSON.stringify(applyDelta(JSON.parse(stored), diffState(prev, next)))).toBe(JSON.stringify(next));
  });

  it('does not let a key named __proto__ change an object’s prototype', () => {
    const b = JSON.parse('{"a":1,"__proto__":{"polluted":true}}');
    const out = applyDelta({ a: 1 }, diffState({ a: 1 }, b)) as Record<string, unknown>;
    expect(JSON.stringify(out)).toBe(JSON.stringify(b));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies the parts stored whole as JSON would, without the text', () => {
    const values: unknown[] = [
      { a: 1, b: undefined, c: [1, undefined, () => 1, Number.NaN, -0, Number.POSITIVE_INFINITY], d: { e: null, f: 'x', g: new Date(0) } },
      { 2: 'two', 1: 'one', z: { y: [[]] }, s: Symbol('s') },
      JSON.parse('{"__proto__":{"polluted":true},"a":[true,false]}'),
    ];
    for (const v of values) {
      const copy = jsonCopy(v);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(v));
      expect(copy).toStrictEqual(JSON.parse(JSON.stringify(v)));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

type Cfg = { dataDir: string; databaseUrl: string | undefined; databaseSchema: string; snapshotEvery: number };
const backends = [
  {
    name: 'sqlite',
    cfg: (): Cfg => ({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'kon-snap-')),
      databaseUrl: undefined,
      databaseSchema: 'public',
      snapshotEvery: 7,
    }),
  },
  {
    name: 'postgresql',
    cfg: (): Cfg => ({ dataDir: '', databaseUrl: PG_URL, databaseSchema: `kon_snap_${randomBytes(5).toString('hex')}`, snapshotEvery: 7 }),
  },
];

/** Runs SQL on a connection of the test's own (another process's view, able to damage rows). */
async function raw(cfg: Cfg, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (!cfg.databaseUrl) {
    const Database = require('better-sqlite3') as typeof import('better-sqlite3');
    const db = new Database(sqliteFile(cfg.dataDir));
    try {
      const st = db.prepare(sql.replace(/\$\d+/g, '?'));
      return st.reader ? (st.all(...params) as Record<string, unknown>[]) : (st.run(...params), []);
    } finally {
      db.close();
    }
  }
  const pg = require('pg') as typeof import('pg');
  const c = new pg.Client({ connectionString: cfg.databaseUrl });
  await c.connect();
  try {
    await c.query(`SET search_path TO "${cfg.databaseSchema}"`);
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

for (const backend of backends) {
  describe(`rebuilding a match from its snapshot and changes (${backend.name})`, () => {
    const opened: { store: SqlStorage; cfg: Cfg }[] = [];
    const open = async (cfg: Cfg) => {
      const store = await openStorage(cfg);
      opened.push({ store, cfg });
      return store;
    };
    afterAll(async () => {
      for (const { store } of opened.reverse()) await store.close().catch(() => {});
      const cfg = opened[0]?.cfg;
      if (cfg?.databaseUrl) {
        const s = await openStorage(cfg);
        await s.dropAll();
        await s.close();
      } else if (cfg) fs.rmSync(cfg.dataDir, { recursive: true, force: true });
    }, 30_000);
    /** The same text on SQLite; the same values on PostgreSQL. */
    const same = (rebuilt: unknown, live: State, what: string) => {
      if (backend.name === 'sqlite') expect(JSON.stringify(rebuilt), what).toBe(JSON.stringify(live));
      else expect(rebuilt, what).toEqual(JSON.parse(JSON.stringify(live)));
    };

    it('every state of a real game, read back by another connection after each move, is the live one', async (ctx) => {
      if (backend.name === 'postgresql' && !(await needs('postgres'))) return ctx.skip();
      const cfg = backend.cfg();
      const store = await open(cfg);
      const reader = await open(cfg);
      let n = 0;
      for (const { state, deltalog } of realGame('rebuild', 123)) {
        if (n === 0) await store.createMatch('g', { initialState: state, metadata: meta() });
        else await store.commitMove('g', { state, deltalog });
        same((await reader.fetch('g', { state: true })).state, state, `state ${state._stateID}`);
        if (n > 0) same((await reader.fetch('g', { state: true })).state, state, 'once more');
        n++;
      }
      // Snapshots every 7 moves, and the changes after the latest one: the rebuild crossed both.
      const rows = await raw(
        cfg,
        backend.name === 'sqlite'
          ? 'SELECT state_id, snap IS NOT NULL AS snap FROM kon_events WHERE match_id = $1 ORDER BY state_id'
          : 'SELECT e.state_id, e.state_id = m.snap_id AS snap FROM kon_events e JOIN kon_matches m ON m.id = e.match_id WHERE e.match_id = $1 ORDER BY e.state_id',
        ['g'],
      );
      const head = Number(rows.at(-1)!.state_id);
      const snaps = rows.filter((r) => !!r.snap && Number(r.state_id) > 0).map((r) => Number(r.state_id));
      expect(head).toBe(n - 1);
      if (backend.name === 'sqlite') expect(snaps.length).toBeGreaterThanOrEqual(Math.floor(head / 8));
      expect(Math.max(0, ...snaps)).toBeLessThan(head);
    }, 120_000);

    it('a trailing move that never reached the store: the match is read at the move before and takes the next one', async (ctx) => {
      if (backend.name === 'postgresql' && !(await needs('postgres'))) return ctx.skip();
      const cfg = backend.cfg();
      const store = await open(cfg);
      const states: State[] = [];
      const texts: string[] = [];
      for (const { state, deltalog } of realGame('missing', 10)) {
        if (states.length === 0) await store.createMatch('m', { initialState: state, metadata: meta() });
        else await store.commitMove('m', { state, deltalog });
        states.push(state);
        texts.push(JSON.stringify(state)); // as it was when stored (boardgame.io changes ctx in place later)
      }
      const last = states.at(-1)!._stateID;
      // As if the process died before the last commit (and, on PostgreSQL, the head not moved either).
      await raw(cfg, 'DELETE FROM kon_events WHERE match_id = $1 AND state_id = $2', ['m', last]);
      if (cfg.databaseUrl) await raw(cfg, 'UPDATE kon_matches SET state_id = $2 WHERE id = $1', ['m', last - 1]);
      const fresh = await open(cfg);
      same((await fresh.fetch('m', { state: true })).state, JSON.parse(texts.at(-2)!), 'the state before the lost move');
      // The lost move again (the same move from the same state) is accepted and reads back.
      await fresh.commitMove('m', { state: states.at(-1)!, deltalog: [] });
      same((await (await open(cfg)).fetch('m', { state: true })).state, states.at(-1)!, 'the move made again');
    }, 60_000);

    it('a damaged change is refused (code "corrupt"), never shown as an older state', async (ctx) => {
      if (backend.name === 'postgresql' && !(await needs('postgres'))) return ctx.skip();
      const cfg = backend.cfg();
      const store = await open(cfg);
      let last = 0;
      for (const { state, deltalog } of realGame('damaged', 5)) {
        if (state._stateID === 0) await store.createMatch('d', { initialState: state, metadata: meta() });
        else await store.commitMove('d', { state, deltalog });
        last = state._stateID;
      }
      await raw(cfg, 'UPDATE kon_events SET body = $1 WHERE match_id = $2 AND state_id = $3', [Buffer.from([0, 255]), 'd', last]);
      await expect(store.fetch('d', { state: true })).rejects.toMatchObject({ code: 'corrupt' });
      // A change in the middle that starts from the wrong state breaks the chain too.
      await raw(cfg, 'DELETE FROM kon_events WHERE match_id = $1 AND state_id = $2', ['d', last]);
      if (cfg.databaseUrl) await raw(cfg, 'UPDATE kon_matches SET state_id = $2 WHERE id = $1', ['d', last - 1]);
      await raw(cfg, 'DELETE FROM kon_events WHERE match_id = $1 AND state_id = $2', ['d', last - 2]);
      await expect(store.fetch('d', { state: true })).rejects.toMatchObject({ code: 'corrupt' });
    }, 60_000);

    it('rows of an older chain codec (its longer dictionary) are read, and the match goes on in the newest', async (ctx) => {
      if (backend.name === 'postgresql' && !(await needs('postgres'))) return ctx.skip();
      const cfg = backend.cfg();
      const store = await open(cfg);
      const game = [...realGame('older', 60)];
      const texts: string[] = [];
      const history: unknown[] = [];
      for (const [i, { state, deltalog }] of game.slice(0, 45).entries()) {
        if (i === 0) await store.createMatch('o', { initialState: state, metadata: meta() });
        else await store.commitMove('o', { state, deltalog });
        texts.push(JSON.stringify(state));
      }
      history.push(...(await store.fetchHistory('o')));
      await store.close();
      // Every row written again as the first codec wrote it (as a file from before the newest would hold it).
      const rows = await raw(cfg, 'SELECT state_id, log_base, codec, body, snap FROM kon_events WHERE match_id = $1 ORDER BY state_id', [
        'o',
      ]);
      const stored = rows.map((r) => ({
        stateID: Number(r.state_id),
        logBase: Number(r.log_base),
        codec: r.codec === null ? null : Number(r.codec),
        body: r.body as Buffer,
        snap: isChainStart(r.codec === null ? null : Number(r.codec)) ? (r.snap as Buffer | null) : null,
      }));
      const older = new ChainWriter(() => CHAIN_CODECS[0]!);
      const rowsRewritten: [number, Buffer, number][] = [];
      decodeAll(stored).forEach((event, i) => {
        const row = stored[i]!;
        const starts = isChainStart(row.codec);
        const snapshot = starts && row.snap ? inflateText(row.snap) : null;
        const { row: enc, chain } = older.encode('o', event.text, snapshot, starts ? null : stored[i - 1]!.stateID);
        older.done('o', chain, event.text, row.stateID);
        rowsRewritten.push([enc.codec, enc.body, row.stateID]);
      });
      for (const [codec, body, stateID] of rowsRewritten)
        await raw(cfg, 'UPDATE kon_events SET codec = $1, body = $2 WHERE match_id = $3 AND state_id = $4', [codec, body, 'o', stateID]);
      expect(new Set(rowsRewritten.map(([codec]) => codec))).toEqual(new Set([CHAIN_CODECS[0]!.start, CHAIN_CODECS[0]!.next]));

      const fresh = await open(cfg);
      same((await fresh.fetch('o', { state: true })).state, JSON.parse(texts.at(-1)!), 'the state stored in the older codec');
      expect(await fresh.fetchHistory('o', 20)).toEqual(history.slice(20));
      for (const { state, deltalog } of game.slice(45)) await fresh.commitMove('o', { state, deltalog });
      same((await (await open(cfg)).fetch('o', { state: true })).state, game.at(-1)!.state, 'the moves after it');
      const newest = CHAIN_CODECS[CHAIN_CODECS.length - 1]!;
      const after = await raw(cfg, 'SELECT codec FROM kon_events WHERE match_id = $1 AND state_id > $2 ORDER BY state_id', ['o', 44]);
      expect(after.map((r) => Number(r.codec))[0]).toBe(newest.start);
    }, 60_000);
  });
}

describe('an embedded store file from before moves were stored as changes', () => {
  it('loads each match at its stored state, then stores changes and reads them back', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-snap-old-'));
    const Database = require('better-sqlite3') as typeof import('better-sqlite3');
    const zlib = require('node:zlib') as typeof import('node:zlib');
    const game = [...realGame('old', 12)];
    const at = game[8]!.state;
    // The previous version's tables: the state rewritten in kon_matches, event rows without a change or a snapshot.
    const db = new Database(sqliteFile(dataDir));
    db.exec(`CREATE TABLE kon_matches (id TEXT PRIMARY KEY, game_name TEXT NOT NULL, state TEXT, state_id INTEGER NOT NULL,
        initial_state TEXT, metadata TEXT NOT NULL, lobby TEXT, public INTEGER NOT NULL DEFAULT 0, gameover INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, log_len INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE kon_events (match_id TEXT NOT NULL, state_id INTEGER NOT NULL, log_base INTEGER NOT NULL, n_entries INTEGER NOT NULL,
        body BLOB NOT NULL, PRIMARY KEY (match_id, state_id)) WITHOUT ROWID;`);
    db.prepare(`INSERT INTO kon_matches VALUES ('o', 'kampen-om-norge', ?, ?, ?, ?, NULL, 0, 0, 1, 1, 0)`).run(
      JSON.stringify(at),
      at._stateID,
      JSON.stringify(game[0]!.state),
      JSON.stringify(meta()),
    );
    for (let i = 0; i <= 8; i++)
      db.prepare('INSERT INTO kon_events VALUES (?, ?, 0, 0, ?)').run(
        'o',
        game[i]!.state._stateID,
        zlib.deflateRawSync(JSON.stringify([[], game[i]!.deltalog])),
      );
    db.close();
    const cfg = { dataDir, databaseUrl: undefined, databaseSchema: 'public', snapshotEvery: 50 };
    let store = await openStorage(cfg);
    try {
      expect(JSON.stringify((await store.fetch('o', { state: true })).state)).toBe(JSON.stringify(at));
      for (let i = 9; i < game.length; i++) await store.commitMove('o', game[i]!);
      await store.close();
      store = await openStorage(cfg);
      expect(JSON.stringify((await store.fetch('o', { state: true })).state)).toBe(JSON.stringify(game.at(-1)!.state));
      expect((await store.fetch('o', { log: true })).log).toHaveLength(game.slice(1).flatMap((g) => g.deltalog).length);
    } finally {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL tables from before event rows were one deflated body', () => {
  it('reads each match at its stored state and history, then stores bodies and reads both back', async (ctx) => {
    if (!(await needs('postgres'))) return ctx.skip();
    const schema = `kon_old_${randomBytes(5).toString('hex')}`;
    const cfg = { dataDir: '', databaseUrl: PG_URL, databaseSchema: schema, snapshotEvery: 4 };
    const game = [...realGame('pg-old', 14)];
    const logOf = (s: State) => s.G as { log: unknown[]; logBase: number };
    // The previous version's tables: jsonb entries, actions and change per row, the snapshot (state 5) in kon_matches.
    await raw(cfg, `CREATE SCHEMA "${schema}"`);
    await raw(
      cfg,
      `CREATE TABLE "${schema}".kon_matches (id text PRIMARY KEY, game_name text NOT NULL, state jsonb, state_id integer NOT NULL,
        initial_state jsonb, metadata jsonb NOT NULL, lobby jsonb, public boolean NOT NULL DEFAULT false, gameover boolean NOT NULL DEFAULT false,
        created_at bigint NOT NULL, updated_at bigint NOT NULL, log_len integer NOT NULL DEFAULT 0, snap_id integer);
      CREATE TABLE "${schema}".kon_events (match_id text NOT NULL, state_id integer NOT NULL, log_base integer NOT NULL, n_entries integer NOT NULL,
        entries jsonb NOT NULL, actions jsonb NOT NULL, delta_base integer, delta jsonb, PRIMARY KEY (match_id, state_id));`,
    );
    const at = 8;
    await raw(cfg, `INSERT INTO "${schema}".kon_matches VALUES ('p', 'kampen-om-norge', $1, $2, $3, $4, NULL, false, false, 1, 1, $5, 5)`, [
      JSON.stringify(game[5]!.state),
      at,
      JSON.stringify(game[0]!.state),
      JSON.stringify(meta()),
      logOf(game[at]!.state).logBase + logOf(game[at]!.state).log.length,
    ]);
    for (let i = 0; i <= at; i++) {
      const { state, deltalog } = game[i]!;
      const delta = i > 5 ? JSON.stringify(diffState(JSON.parse(JSON.stringify(game[i - 1]!.state)), state)) : null;
      await raw(cfg, `INSERT INTO "${schema}".kon_events VALUES ('p', $1, $2, $3, $4, $5, $6, $7)`, [
        state._stateID,
        logOf(state).logBase,
        logOf(state).log.length,
        JSON.stringify(logOf(state).log),
        JSON.stringify(deltalog),
        delta === null ? null : i - 1,
        delta,
      ]);
    }
    const wholeLog = (n: number) => {
      const log: unknown[] = [];
      for (const { state } of game.slice(0, n + 1)) {
        log.length = logOf(state).logBase;
        log.push(...logOf(state).log);
      }
      return log;
    };
    let store = await openStorage(cfg);
    try {
      expect((await store.fetch('p', { state: true })).state).toEqual(JSON.parse(JSON.stringify(game[at]!.state)));
      expect(await store.fetchHistory('p')).toEqual(wholeLog(at));
      for (let i = at + 1; i < game.length; i++) await store.commitMove('p', game[i]!);
      await store.close();
      store = await openStorage(cfg);
      const last = game.length - 1;
      expect((await store.fetch('p', { state: true })).state).toEqual(JSON.parse(JSON.stringify(game[last]!.state)));
      expect(await store.fetchHistory('p')).toEqual(wholeLog(last));
      expect(await store.fetchHistory('p', 3)).toEqual(wholeLog(last).slice(3));
      expect((await store.fetch('p', { log: true })).log).toEqual(game.flatMap((g) => g.deltalog));
      // The new rows are bodies, in chains: the first after the old rows starts one, with the snapshot.
      const rows = await raw(
        cfg,
        `SELECT state_id, codec, body IS NOT NULL AS body FROM "${schema}".kon_events WHERE state_id > $1 ORDER BY state_id`,
        [at],
      );
      const written = CHAIN_CODECS[CHAIN_CODECS.length - 1]!;
      expect(rows.map((r) => [r.codec, r.body])[0]).toEqual([written.start, true]);
      expect(rows.some((r) => r.codec === written.next)).toBe(true);
    } finally {
      await store.dropAll();
      await store.close();
    }
  }, 60_000);
});
