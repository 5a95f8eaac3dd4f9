/**
 * DeltaPlanner with another process (REDIS_URL): a state the other process stored, adopted as the
 * head, lets this process store its next move as a change instead of whole.
 */
import type { State } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { DeltaPlanner } from '../src/storage/snapshots';

const at = (stateID: number, x: number) =>
  ({ G: { x, big: { rows: [1, 2, 3] } }, ctx: { turn: stateID }, plugins: {}, _stateID: stateID }) as unknown as State;

describe('DeltaPlanner, a state stored by another process', () => {
  it('becomes the head: the next move here is stored as its change from it', () => {
    const p = new DeltaPlanner(50);
    const s1 = at(1, 1);
    p.committed('m', s1, p.plan('m', s1));
    // The other process stores moves 2 and 3; this one hears of them over the bus.
    p.adopt('m', at(2, 2));
    const s3 = at(3, 3);
    p.adopt('m', s3);
    expect(p.plan('m', at(4, 4))).toMatchObject({ deltaBase: 3, snapshot: null });
  });

  it('counts the moves since the snapshot on, so the whole state is stored as often as with one process', () => {
    const p = new DeltaPlanner(3);
    const s1 = at(1, 1);
    p.committed('m', s1, p.plan('m', s1));
    p.adopt('m', at(2, 2));
    p.adopt('m', at(4, 4));
    expect(p.plan('m', at(5, 5))).toMatchObject({ deltaBase: null });
  });

  it('without a head of its own, an adopted state still leaves the next move whole; an older one is ignored', () => {
    const p = new DeltaPlanner(50);
    p.adopt('m', at(7, 7));
    expect(p.plan('m', at(8, 8))).toMatchObject({ deltaBase: null });
    const s9 = at(9, 9);
    p.committed('m', s9, p.plan('m', s9));
    p.adopt('m', at(8, 8));
    expect(p.plan('m', at(10, 10))).toMatchObject({ deltaBase: 9 });
  });
});
