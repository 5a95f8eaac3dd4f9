import zlib from 'node:zlib';
import type { DeltaOp } from './state-delta';

/**
 * How the embedded store keeps an event row: one raw-deflate blob of the JSON
 * `[entries, actions, base, delta]`: the move's public log entries, boardgame.io's action log entries,
 * and what the move changed in the state (state-delta.ts) since the state of _stateID `base` (both null
 * in a row that carries no change: a match's first row, a snapshot row, rows written before deltas).
 * A move's log entries, its action and its change repeat each other's words: compressed together they
 * take far less room than the JSON texts.
 */
export function eventText(entries: string, actions: string, base: number | null, delta: string | null): string {
  return `[${entries},${actions},${base === null ? 'null' : base},${delta ?? 'null'}]`;
}

export function deflate(text: string): Buffer {
  return zlib.deflateRawSync(text);
}

export function inflateText(body: Buffer): string {
  return zlib.inflateRawSync(body).toString('utf8');
}

export interface StoredEvent {
  entries: unknown[];
  actions: unknown[];
  /** The change from the state of _stateID `base`, when the row carries one. */
  delta?: { base: number; ops: DeltaOp[] };
}

export function decodeEvent(body: Buffer): StoredEvent {
  const [entries, actions, base, ops] = JSON.parse(inflateText(body)) as [
    unknown[],
    unknown[],
    number | null | undefined,
    DeltaOp[] | null | undefined,
  ];
  if (!Array.isArray(entries) || !Array.isArray(actions)) throw new Error('bad event row');
  return typeof base === 'number' && Array.isArray(ops) ? { entries, actions, delta: { base, ops } } : { entries, actions };
}
