/**
 * A move from another process (REDIS_URL) comes as the patch from the state before: applied to the
 * state held here, sharing its unchanged parts; when this process does not hold that state, the
 * match is read from the store instead.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Envelope, MatchBus } from '../src/cluster/bus';
import { RemoteMatches } from '../src/transport/remote';

function setUp(held: { _stateID: number; G: unknown }) {
  const publish = vi.fn();
  const stored = { _stateID: 9, G: { from: 'store' } };
  const fetch = vi.fn(async () => ({ state: stored, metadata: { gameName: 'kampen-om-norge' } }));
  const live = new Map([['m1', { state: held, metadata: { gameName: 'kampen-om-norge' }, views: new Map() }]]);
  const remote = new RemoteMatches(
    { games: [{ name: 'kampen-om-norge' }], opts: { storage: { fetch } }, log: { warn: () => undefined } } as never,
    { live, watched: () => true } as never,
    { publish, filterOf: () => () => undefined } as never,
    {} as never,
  );
  let deliver: (m: Envelope) => void = () => undefined;
  remote.listen({ onMessage: (h: (m: Envelope) => void) => (deliver = h), onProcessGone: () => undefined } as unknown as MatchBus);
  return { publish, fetch, live, deliver, stored };
}

const move = (prevStateID: number, stateID: number) =>
  ({
    t: 'move',
    matchID: 'm1',
    prevStateID,
    stateID,
    gameover: false,
    gameName: 'kampen-om-norge',
    from: 'process-b',
    patch: [
      { op: 'replace', path: '/_stateID', value: stateID },
      { op: 'replace', path: '/G/b', value: 2 },
    ],
  }) as Envelope;

describe('a move from another process', () => {
  it('is applied as a patch to the state held here, its unchanged parts shared', () => {
    const held = { _stateID: 4, G: { a: { big: [1, 2, 3] }, b: 1 } };
    const s = setUp(held);
    s.deliver(move(4, 5));
    const state = s.live.get('m1')!.state as unknown as typeof held;
    expect(state).toEqual({ _stateID: 5, G: { a: { big: [1, 2, 3] }, b: 2 } });
    expect(state.G.a).toBe(held.G.a);
    expect(held.G.b).toBe(1);
    expect(s.publish).toHaveBeenCalledWith('m1', s.live.get('m1'), 4, expect.any(Function));
    expect(s.fetch).not.toHaveBeenCalled();
  });

  it('whose state before is not held here: the match is read from the store, whole to the sockets', async () => {
    const s = setUp({ _stateID: 4, G: { b: 1 } });
    // Held early for its predecessor (5 → 6), which never comes.
    s.deliver(move(6, 7));
    await vi.waitFor(() => expect(s.fetch).toHaveBeenCalledTimes(1), { timeout: 2_000 });
    await vi.waitFor(() => expect(s.live.get('m1')!.state).toBe(s.stored));
    expect(s.publish).toHaveBeenCalledWith('m1', s.live.get('m1'), -1, expect.any(Function));
  });
});
