import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BoundedMap } from '../core/bounded-map';
import type { DeltaOp } from './state-delta';

/**
 * How a move's event row is kept (both stores): one raw-deflate blob of the JSON
 * `[entries, actions, base, delta, logOut]`: the move's public log entries, boardgame.io's action log
 * entries, what the move changed in the state (state-delta.ts) since the state of _stateID `base` (both
 * null in a row that carries no change: a match's first row, a snapshot row, rows written before
 * deltas), and 1 when that change leaves out G.log and G.logBase (the row's entries and first index
 * put them back). A move's log entries, its action and its change repeat each other's words, and the
 * moves before it: compressed together, with the rows before as a dictionary, they take little room.
 *
 * Rows come in chains (the `codec` column): a chain's first row (its codec a `start`) is deflated with
 * its own snapshot as the dictionary (none when it carries no snapshot); each next row (a `next`) with
 * the tail of that snapshot and the texts of the chain's rows before it. A row is read after the rows
 * before it back to its chain's first. A row with no codec (written before chains) is deflated alone.
 * The writer starts a chain at every snapshot and whenever it does not hold the chain of the row before
 * (a restart, a match it forgot): nothing but the rows themselves is needed to read them back.
 *
 * How much of the chain's tail a row takes as its dictionary is the row's own choice, named by its
 * codec: zlib hashes the whole dictionary afresh for every row, so a short row (most moves: about
 * 500 characters) takes the last 8 KB, and only a long one the last 32 KB, where an earlier state's
 * words (an undo trail's base, a whole combat) are found. On real games (bench:long's three) that
 * halved the writer's deflating for 7 % more bytes than 32 KB for every row; 8 KB for every row
 * cost 18–63 % more bytes.
 */
export interface ChainCodec {
  /** The codec of a chain's first row, and of a row after it. */
  start: number;
  next: number;
  /**
   * Characters of the chain's tail the row is deflated with (deflate's window is 32 KB: zlib keeps
   * the last 32 KB of a longer one). Part of the stored format: a codec's length never changes.
   */
  dictChars: number;
}
/** Every chain codec; rows written before 8 KB dictionaries all have 1 or 2. */
export const CHAIN_CODECS: readonly ChainCodec[] = [
  { start: 1, next: 2, dictChars: 32_768 },
  { start: 3, next: 4, dictChars: 8_192 },
];
/** The chain's tail a reader or writer keeps: the longest dictionary of any codec. */
const CHAIN_CHARS = Math.max(...CHAIN_CODECS.map((c) => c.dictChars));
/** A row at least this long is deflated with the long dictionary (see above). */
const LONG_ROW_CHARS = 1024;
/** The codec the writer gives a row (by its text). */
export const codecFor = (text: string): ChainCodec => CHAIN_CODECS[text.length >= LONG_ROW_CHARS ? 0 : 1]!;
/** The codecs of chains' first rows, and of their next rows (for SQL: `codec IN (…)`). */
export const CHAIN_STARTS: readonly number[] = CHAIN_CODECS.map((c) => c.start);
export const CHAIN_NEXTS: readonly number[] = CHAIN_CODECS.map((c) => c.next);
export const isChainStart = (codec: number | null) => codec !== null && CHAIN_STARTS.includes(codec);
/** Chains a writer holds at once (the matches moved most recently): each up to CHAIN_CHARS. */
const CHAINS_HELD = 1024;

export function eventText(entries: string, actions: string, base: number | null, delta: string | null, logOut = false): string {
  return `[${entries},${actions},${base === null ? 'null' : base},${delta ?? 'null'}${logOut ? ',1' : ''}]`;
}

const deflateAsync = promisify(zlib.deflateRaw) as (text: string, opts: zlib.ZlibOptions) => Promise<Buffer>;

export function deflate(text: string, dictionary?: Buffer): Buffer {
  return dictionary ? zlib.deflateRawSync(text, { dictionary }) : zlib.deflateRawSync(text);
}

export function inflateText(body: Buffer, dictionary?: Buffer): string {
  return (dictionary ? zlib.inflateRawSync(body, { dictionary }) : zlib.inflateRawSync(body)).toString('utf8');
}

/** The tail of a chain a row's dictionary is taken from: its snapshot's tail and the texts of its rows so far. */
export class Chain {
  private text: string;
  constructor(
    snapshot: string | null,
    /** The state ID of the chain's last row. */
    public stateID: number,
  ) {
    this.text = snapshot ? snapshot.slice(-CHAIN_CHARS) : '';
  }
  /** The dictionary of a row of `codec`: the chain's last `dictChars` characters. */
  dictionary(codec: ChainCodec): Buffer | undefined {
    return this.text ? Buffer.from(this.text.length > codec.dictChars ? this.text.slice(-codec.dictChars) : this.text) : undefined;
  }
  push(rowText: string, stateID: number) {
    this.text = (this.text + rowText).slice(-CHAIN_CHARS);
    this.stateID = stateID;
  }
}

/** What a writer stores for a row: its body, its codec, its snapshot (deflated alone). */
export interface EncodedRow {
  body: Buffer;
  codec: number;
  snap: Buffer | null;
}

/**
 * A writer's chains, by match. `encode` continues a match's chain when the row before is the chain's
 * last (`after`: the stored head the row follows, or null when the row is a snapshot or not known to
 * follow), else starts one; `done` records the row once it is stored (never before: a row that was not
 * stored must not be in the dictionary of the next), `drop` forgets a match whose write failed.
 */
export class ChainWriter {
  private readonly chains = new BoundedMap<string, Chain>(CHAINS_HELD);

  /** `codecOf`: each row's codec (tests write older ones). */
  constructor(private readonly codecOf: (text: string) => ChainCodec = codecFor) {}

  encode(matchID: string, text: string, snapshot: string | null, after: number | null): { row: EncodedRow; chain: Chain } {
    const { chain, codec, dictionary } = this.place(matchID, text, snapshot, after);
    return { row: { body: deflate(text, dictionary), codec, snap: snapshot === null ? null : deflate(snapshot) }, chain };
  }

  /** As `encode`, deflating on libuv's threads (off the event loop). */
  async encodeAsync(
    matchID: string,
    text: string,
    snapshot: string | null,
    after: number | null,
  ): Promise<{ row: EncodedRow; chain: Chain }> {
    const { chain, codec, dictionary } = this.place(matchID, text, snapshot, after);
    const [body, snap] = await Promise.all([
      deflateAsync(text, dictionary ? { dictionary } : {}),
      snapshot === null ? null : deflateAsync(snapshot, {}),
    ]);
    return { row: { body, codec, snap }, chain };
  }

  private place(matchID: string, text: string, snapshot: string | null, after: number | null) {
    const held = this.chains.get(matchID);
    const codec = this.codecOf(text);
    const next = snapshot === null && after !== null && held !== undefined && held.stateID === after;
    const chain = next ? held : new Chain(snapshot, -1);
    return { chain, codec: next ? codec.next : codec.start, dictionary: chain.dictionary(codec) };
  }

  done(matchID: string, chain: Chain, text: string, stateID: number) {
    chain.push(text, stateID);
    this.chains.set(matchID, chain);
  }

  drop(matchID: string) {
    this.chains.delete(matchID);
  }
}

export interface StoredRow {
  stateID: number;
  logBase: number;
  codec: number | null;
  /** Null in a PostgreSQL row from before bodies: `legacy` reads its columns. */
  body: Buffer | null;
  legacy?: () => Pick<StoredEvent, 'entries' | 'actions' | 'delta'>;
  /** The row's snapshot, deflated (needed for a chain's first row). */
  snap: Buffer | null;
}

export interface StoredEvent {
  stateID: number;
  logBase: number;
  entries: unknown[];
  actions: unknown[];
  /** The change from the state of _stateID `base`, when the row carries one; `log`: the G.log and G.logBase it leaves out. */
  delta?: { base: number; ops: DeltaOp[]; log?: { base: number; entries: unknown[] } };
  /** The row's text, as stored. */
  text: string;
}

/**
 * Reads rows of one match, in order of state ID: the first must start a chain or be of no chain. Each
 * row comes as a thunk, so that a reader can stop at the first row that cannot be read: the thunks must
 * be called in order (each row's dictionary is made of the rows before it).
 */
export function decodeRows(rows: readonly StoredRow[]): (() => StoredEvent)[] {
  let chain: Chain | undefined;
  return rows.map((row) => {
    return () => {
      if (row.body === null) {
        chain = undefined;
        if (!row.legacy) throw new Error('no body');
        return { ...row.legacy(), stateID: row.stateID, logBase: row.logBase, text: '' };
      }
      let dictionary: Buffer | undefined;
      const starts = CHAIN_CODECS.find((c) => c.start === row.codec);
      const follows = CHAIN_CODECS.find((c) => c.next === row.codec);
      if (starts) {
        chain = new Chain(row.snap ? inflateText(row.snap) : null, -1);
        dictionary = chain.dictionary(starts);
      } else if (follows) {
        if (!chain) throw new Error('its chain does not start before it');
        dictionary = chain.dictionary(follows);
      } else chain = undefined;
      const text = inflateText(row.body, dictionary);
      chain?.push(text, row.stateID);
      return { ...parseEvent(text, row.logBase), stateID: row.stateID, text };
    };
  });
}

/** Every row read, in order. */
export const decodeAll = (rows: readonly StoredRow[]): StoredEvent[] => decodeRows(rows).map((read) => read());

function parseEvent(text: string, logBase: number): Omit<StoredEvent, 'stateID' | 'text'> {
  const [entries, actions, base, ops, logOut] = JSON.parse(text) as [
    unknown[],
    unknown[],
    number | null | undefined,
    DeltaOp[] | null | undefined,
    number | undefined,
  ];
  if (!Array.isArray(entries) || !Array.isArray(actions)) throw new Error('bad event row');
  if (typeof base !== 'number' || !Array.isArray(ops)) return { logBase, entries, actions };
  return { logBase, entries, actions, delta: { base, ops, ...(logOut === 1 ? { log: { base: logBase, entries } } : {}) } };
}

/** One row alone (a row of no chain, or a chain's first). */
export function decodeEvent(row: StoredRow): StoredEvent {
  return decodeRows([row])[0]!();
}
