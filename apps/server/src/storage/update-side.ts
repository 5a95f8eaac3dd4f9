import type { MatchStore } from './types';

/** Compare-and-set attempts before giving up: each failed one means another write to the record succeeded. */
const MAX_TRIES = 50;

/**
 * Read, change and write one side record so that no other write to it is lost, whichever server
 * process makes it: the change is written by compare-and-set over the record as read, and made again
 * from a fresh read when another write came first. `change` answers the new record (null: delete) and
 * the caller's result, or undefined to write nothing (the result is then undefined).
 */
export async function updateSide<R, T>(
  store: Pick<MatchStore, 'getSide' | 'swapSide'>,
  matchID: string,
  kind: string,
  key: string,
  change: (current: R | undefined) => { next: R | null; result: T } | undefined,
): Promise<T | undefined> {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const current = (await store.getSide(matchID, kind, key)) as R | undefined;
    const step = change(current);
    if (!step) return undefined;
    if (await store.swapSide(matchID, kind, key, current, step.next)) return step.result;
  }
  throw new Error(`side record ${kind}/${key} of match '${matchID}' kept changing under ${MAX_TRIES} writes`);
}
