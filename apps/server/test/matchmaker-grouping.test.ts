/** Which waiting tickets make a match with a new one, and who sits where (pure: matchmaker/grouping.ts). */
import { describe, expect, it } from 'vitest';
import { findGroup, type Knowledge, type PoolTicket } from '../src/matchmaker/grouping';

const tk = (id: string, accountId: string, over: Partial<PoolTicket> = {}): PoolTicket => ({
  id,
  accountId,
  sides: [],
  ratingWindow: null,
  minReliability: null,
  ...over,
});
function knowing(
  over: Partial<{
    ratings: Record<string, number>;
    rel: Record<string, number>;
    blocks: [string, string][];
    sides: Record<string, number>;
  }> = {},
): Knowledge {
  return {
    rating: (a) => over.ratings?.[a] ?? 0,
    reliability: (a) => over.rel?.[a] ?? 1,
    blocked: (a, b) => (over.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a)),
    timesOnSide: (a, seat) => over.sides?.[`${a} ${seat}`] ?? 0,
  };
}
const SEATS2 = ['germany', 'norway+allies'];
const ids = (g: PoolTicket[] | undefined) => g?.map((t) => t.id);

describe('finding a group', () => {
  it('takes the oldest fitting ticket', () => {
    expect(ids(findGroup(tk('new', 'a'), [tk('t1', 'b'), tk('t2', 'c')], SEATS2, knowing()))).toEqual(['new', 't1']);
  });

  it("keeps to each one's rating window, both ways", () => {
    const k = knowing({ ratings: { a: 10, b: 25, c: 14 } });
    expect(ids(findGroup(tk('new', 'a', { ratingWindow: 5 }), [tk('t1', 'b'), tk('t2', 'c')], SEATS2, k))).toEqual(['new', 't2']);
    // The waiting ticket's own window counts too.
    expect(findGroup(tk('new', 'a'), [tk('t1', 'b', { ratingWindow: 3 })], SEATS2, k)).toBeUndefined();
  });

  it("keeps to the opponents' minimum reliability", () => {
    const k = knowing({ rel: { b: 0.4, c: 0.95 } });
    expect(ids(findGroup(tk('new', 'a', { minReliability: 0.9 }), [tk('t1', 'b'), tk('t2', 'c')], SEATS2, k))).toEqual(['new', 't2']);
  });

  it('never groups blocked players, nor three whose any pair is blocked', () => {
    const k = knowing({ blocks: [['b', 'c']] });
    const g = findGroup(tk('new', 'a'), [tk('t1', 'b'), tk('t2', 'c'), tk('t3', 'd')], ['germany', 'norway', 'allies'], k);
    expect(ids(g)).toEqual(['new', 't1', 't3']);
  });

  it('seats each on a side it asked for, then on the side it has had least', () => {
    const g = findGroup(tk('new', 'a', { sides: ['norway+allies'] }), [tk('t1', 'b')], SEATS2, knowing());
    expect(ids(g)).toEqual(['t1', 'new']); // index i sits on SEATS2[i]
    const fair = findGroup(tk('new', 'a'), [tk('t1', 'b')], SEATS2, knowing({ sides: { 'a germany': 3, 'b norway+allies': 2 } }));
    expect(ids(fair)).toEqual(['t1', 'new']);
    expect(findGroup(tk('new', 'a', { sides: ['germany'] }), [tk('t1', 'b', { sides: ['germany'] })], SEATS2, knowing())).toBeUndefined();
  });
});
