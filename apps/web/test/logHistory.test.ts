import { describe, expect, it } from 'vitest';
import type { LogEntry } from '@kon/game';
import { EMPTY_LOG, mergeLog, missingFrom, shownLog, stateLog } from '../src/games/kon/game/logHistory';

const e = (n: number): LogEntry => ({ round: 1, faction: null, event: `e${n}` });
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => e(a + i));

describe('the log stitched from pieces', () => {
  it('shows only the unbroken run from the first entry, and says where the history must be fetched from', () => {
    // A state arrives first (entries 5–6), the history (0–4) later.
    let h = mergeLog(EMPTY_LOG, 5, range(5, 7));
    expect(shownLog(h)).toEqual([]);
    expect(missingFrom(h, 5)).toBe(0);
    h = mergeLog(h, 0, range(0, 3));
    expect(shownLog(h)).toEqual(range(0, 3));
    expect(missingFrom(h, 5)).toBe(3);
    h = mergeLog(h, 3, range(3, 7));
    expect(shownLog(h)).toEqual(range(0, 7));
    expect(missingFrom(h, 7)).toBeNull();
  });

  it('takes the same piece twice without change (two seats in one browser deliver it twice)', () => {
    const h = mergeLog(EMPTY_LOG, 0, range(0, 4));
    expect(mergeLog(h, 2, range(2, 4))).toBe(h);
    expect(mergeLog(h, 4, [])).toBe(h);
  });

  it('drops entries an undo took back, and a late history answer cannot bring them back', () => {
    let h = stateLog(EMPTY_LOG, 1, 0, range(0, 3));
    h = stateLog(h, 2, 3, range(3, 5));
    h = stateLog(h, 3, 5, range(5, 8));
    expect(shownLog(h)).toEqual(range(0, 8));
    // Undo of the last decision: the state goes back to state 2's batch.
    h = stateLog(h, 4, 3, range(3, 5));
    expect(shownLog(h)).toEqual(range(0, 5));
    // The other seat in this browser delivers state 3 late: ignored.
    expect(stateLog(h, 3, 5, range(5, 8))).toBe(h);
    // A history answer fetched before the undo.
    expect(shownLog(mergeLog(h, 0, range(0, 8)))).toEqual(range(0, 5));
    // A new decision writes where the undone ones were.
    const other = { round: 1, faction: 'germany' as const, event: 'new' };
    h = stateLog(h, 5, 5, [other]);
    expect(shownLog(h)).toEqual([...range(0, 5), other]);
  });
});
