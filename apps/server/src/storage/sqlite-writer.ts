import { createRequire } from 'node:module';
import type { Database, Statement } from 'better-sqlite3';
import { type Chain, ChainWriter, eventText } from './event-codec';
import { commitBatch } from './group-commit';

const require = createRequire(import.meta.url);

/** A write of the embedded store, as the main thread hands it to the writer (plain data: it crosses threads). */
export type WriteOp =
  | {
      t: 'create';
      matchID: string;
      gameName: string;
      state: string;
      stateID: number;
      metadata: string;
      lobby: string | null;
      isPublic: boolean;
      gameover: boolean;
      createdAt: number;
      updatedAt: number;
      logBase: number;
      entries: string;
      nEntries: number;
    }
  | {
      t: 'move';
      matchID: string;
      stateID: number;
      /** The state the delta starts from: the stored head must be exactly it. Null: a snapshot row. */
      deltaBase: number | null;
      delta: string | null;
      /** The change leaves out G.log and G.logBase (the row's entries and first index put them back). */
      logOut: boolean;
      /** The full state (a snapshot row), every N moves or when no delta can be made. */
      snapshot: string | null;
      /** Where the entries start; null: `entries` is the whole log and only what is past the stored log is new. */
      logBase: number | null;
      entries: string;
      actions: string;
      metadata: { text: string; updatedAt: number; gameover: boolean } | null;
    }
  | { t: 'setMetadata'; matchID: string; metadata: string; updatedAt: number; gameover: boolean }
  | { t: 'setLobby'; matchID: string; lobby: string; metadata: string; updatedAt: number }
  | { t: 'putSide'; matchID: string; kind: string; key: string; data: string | null }
  | { t: 'takeSide'; matchID: string; kind: string; key: string }
  /** `expected` null: only if there is no record; `data` null: delete. */
  | { t: 'swapSide'; matchID: string; kind: string; key: string; expected: string | null; data: string | null }
  | { t: 'wipe'; matchID: string };

/**
 * The outcome of one write; `code` names the errors the store turns back into its own. `out`: what a
 * takeSide took (the record's JSON, or null) or whether a swapSide wrote.
 */
export type WriteAck =
  | { ok: true; out?: string | boolean | null }
  | { ok: false; code?: 'stale' | 'not_found' | 'rebase'; message: string };

class CodedError extends Error {
  constructor(
    readonly code: 'stale' | 'not_found' | 'rebase',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The embedded store's writing side: a connection of its own that runs each batch of writes in one
 * transaction (one fsync). It runs in a worker thread (sqlite-worker.ts), so the main thread never waits
 * on the disk, or on the main thread when the worker is turned off.
 */
export class SqliteWriter {
  private readonly db: Database;
  private readonly q: ReturnType<typeof prepare>;
  private readonly chains = new ChainWriter();
  /** The rows of the batch under way that continue their match's chain once the batch is committed. */
  private staged: { index: number; matchID: string; chain: Chain; text: string; stateID: number }[] = [];
  private index = 0;

  constructor(file: string, synchronous: 'FULL' | 'NORMAL') {
    const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
    this.db = new BetterSqlite(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.q = prepare(this.db);
  }

  /** Runs the writes in one transaction, each in a savepoint of its own (one that fails is undone alone). */
  run(ops: WriteOp[]): WriteAck[] {
    this.staged = [];
    try {
      const results = commitBatch(
        this.db,
        ops.map((op, i) => () => {
          this.index = i;
          return this.apply(op);
        }),
      );
      for (const s of this.staged) if (results[s.index]!.ok) this.chains.done(s.matchID, s.chain, s.text, s.stateID);
      return results.map((r) => (r.ok ? { ok: true as const, out: r.value as string | boolean | null | undefined } : toAck(r.error)));
    } catch (e) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
      for (const op of ops) this.chains.drop(op.matchID);
      const ack = toAck(e);
      return ops.map(() => ack);
    } finally {
      this.staged = [];
    }
  }

  /** Encodes a row's text, continuing the match's chain when the row follows the chain's last (`after`). */
  private encode(matchID: string, stateID: number, text: string, snapshot: string | null, after: number | null) {
    const { row, chain } = this.chains.encode(matchID, text, snapshot, after);
    this.staged.push({ index: this.index, matchID, chain, text, stateID });
    return row;
  }

  close() {
    this.db.close();
  }

  private apply(op: WriteOp): string | boolean | null | undefined {
    const q = this.q;
    switch (op.t) {
      case 'create':
        q.insertMatch.run({
          id: op.matchID,
          game_name: op.gameName,
          state: op.state,
          state_id: op.stateID,
          metadata: op.metadata,
          lobby: op.lobby,
          public: op.isPublic ? 1 : 0,
          gameover: op.gameover ? 1 : 0,
          created_at: op.createdAt,
          updated_at: op.updatedAt,
          log_len: op.logBase + op.nEntries,
        });
        this.chains.drop(op.matchID);
        {
          const row = this.encode(op.matchID, op.stateID, eventText(op.entries, '[]', null, null), null, null);
          q.insertEvent.run(op.matchID, op.stateID, op.logBase, op.nEntries, row.body, null, row.codec);
        }
        return;
      case 'move':
        this.move(op);
        return;
      case 'setMetadata':
        q.setMetadata.run(op.metadata, op.updatedAt, op.gameover ? 1 : 0, op.matchID);
        return;
      case 'setLobby':
        q.setLobby.run(op.lobby, op.metadata, op.updatedAt, op.matchID);
        return;
      case 'putSide':
        if (op.data === null) q.deleteSide.run(op.kind, op.matchID, op.key);
        else q.putSide.run(op.matchID, op.kind, op.key, op.data);
        return;
      case 'takeSide':
        return (q.takeSide.get(op.kind, op.matchID, op.key) as { data: string } | undefined)?.data ?? null;
      case 'swapSide':
        return this.swapSide(op);
      case 'wipe':
        this.chains.drop(op.matchID);
        q.deleteSideOf.run(op.matchID);
        q.deleteEvents.run(op.matchID);
        q.deleteMatch.run(op.matchID);
        return;
    }
  }

  /** One statement each way, as in PostgreSQL: nothing is read first that another connection could change. */
  private swapSide({ kind, matchID, key, expected, data }: Extract<WriteOp, { t: 'swapSide' }>): boolean {
    const q = this.q;
    if (expected === null) {
      if (data === null) return q.sideData.get(kind, matchID, key) === undefined;
      return q.insertSide.run(matchID, kind, key, data).changes > 0;
    }
    if (data === null) return q.deleteSideIf.run(kind, matchID, key, expected).changes > 0;
    return q.updateSideIf.run(data, kind, matchID, key, expected).changes > 0;
  }

  /** Appends the move's event row; the match row is touched only when the metadata changes (a game's end). */
  private move(op: Extract<WriteOp, { t: 'move' }>) {
    const head = this.q.head.get(op.matchID) as { state_id: number; log_len: number } | undefined;
    if (!head) throw new CodedError('not_found', `match ${op.matchID} does not exist`);
    if (head.state_id >= op.stateID)
      throw new CodedError('stale', `match ${op.matchID}: the stored state is not older than _stateID ${op.stateID}`);
    if (op.deltaBase !== null && head.state_id !== op.deltaBase)
      throw new CodedError('rebase', `match ${op.matchID}: stored head ${head.state_id}, delta from ${op.deltaBase}`);
    let { entries } = op;
    let base = op.logBase;
    let n: number;
    if (base === null) {
      // A state holding the whole log: only the entries past the stored ones are new.
      const all = (JSON.parse(entries) as unknown[]).slice(head.log_len);
      entries = JSON.stringify(all);
      base = head.log_len;
      n = all.length;
    } else n = countOf(entries);
    const text = eventText(entries, op.actions, op.deltaBase, op.delta, op.logOut);
    const row = this.encode(op.matchID, op.stateID, text, op.snapshot, op.deltaBase);
    this.q.insertEvent.run(op.matchID, op.stateID, base, n, row.body, row.snap, row.codec);
    if (op.metadata) this.q.setMetadata.run(op.metadata.text, op.metadata.updatedAt, op.metadata.gameover ? 1 : 0, op.matchID);
  }
}

/** The number of elements of a JSON array text (parsed: entries are few and small). */
const countOf = (arrayText: string) => (JSON.parse(arrayText) as unknown[]).length;

function toAck(e: unknown): WriteAck {
  if (e instanceof CodedError) return { ok: false, code: e.code, message: e.message };
  return { ok: false, message: e instanceof Error ? e.message : String(e) };
}

function prepare(db: Database) {
  const s = (sql: string): Statement => db.prepare(sql);
  return {
    insertMatch: s(`INSERT INTO kon_matches
        (id, game_name, state, state_id, initial_state, metadata, lobby, public, gameover, created_at, updated_at, log_len)
        VALUES (@id, @game_name, @state, @state_id, @state, @metadata, @lobby, @public, @gameover, @created_at, @updated_at, @log_len)`),
    insertEvent: s('INSERT INTO kon_events (match_id, state_id, log_base, n_entries, body, snap, codec) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    // The head of a match is its newest event row: a move writes nothing else.
    head: s('SELECT state_id, log_base + n_entries AS log_len FROM kon_events WHERE match_id = ? ORDER BY state_id DESC LIMIT 1'),
    setMetadata: s('UPDATE kon_matches SET metadata = ?, updated_at = ?, gameover = ? WHERE id = ?'),
    setLobby: s('UPDATE kon_matches SET lobby = ?, metadata = ?, updated_at = ? WHERE id = ?'),
    deleteEvents: s('DELETE FROM kon_events WHERE match_id = ?'),
    putSide: s(
      'INSERT INTO kon_side (match_id, kind, key, data) VALUES (?, ?, ?, ?) ON CONFLICT (kind, match_id, key) DO UPDATE SET data = excluded.data',
    ),
    deleteSide: s('DELETE FROM kon_side WHERE kind = ? AND match_id = ? AND key = ?'),
    takeSide: s('DELETE FROM kon_side WHERE kind = ? AND match_id = ? AND key = ? RETURNING data'),
    sideData: s('SELECT data FROM kon_side WHERE kind = ? AND match_id = ? AND key = ?'),
    insertSide: s('INSERT INTO kon_side (match_id, kind, key, data) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
    updateSideIf: s('UPDATE kon_side SET data = ? WHERE kind = ? AND match_id = ? AND key = ? AND data = ?'),
    deleteSideIf: s('DELETE FROM kon_side WHERE kind = ? AND match_id = ? AND key = ? AND data = ?'),
    deleteSideOf: s('DELETE FROM kon_side WHERE match_id = ?'),
    deleteMatch: s('DELETE FROM kon_matches WHERE id = ?'),
  };
}
