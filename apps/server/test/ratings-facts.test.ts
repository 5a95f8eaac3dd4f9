/**
 * What the ratings read of a finished match: every move of the game (its whole event log) only for a
 * match chosen rated; judge needs the moves for no other, and decoding them all is the costliest read.
 */
import { describe, expect, it } from 'vitest';
import { finishedMatch } from '../src/ratings/facts';
import type { SqlStorage } from '../src/storage';

const LOG = [
  { action: { type: 'MAKE_MOVE', payload: { playerID: '0' } } },
  { action: { type: 'MAKE_MOVE', payload: { playerID: '1' } } },
  { action: { type: 'MAKE_MOVE', payload: { playerID: '1' } }, automatic: true },
];

function storage(rated: boolean | undefined) {
  const reads: { log?: boolean }[] = [];
  const s = {
    fetchLobby: async () => ({
      metadata: { gameName: 'kampen-om-norge', setupData: {}, updatedAt: 5, gameover: { winner: 'x' }, players: {} },
      lobby: {
        seats: [
          { key: 'germany', playerIDs: ['0'] },
          { key: 'norway', playerIDs: ['1'] },
        ],
        members: [],
      },
    }),
    getSide: async (_m: string, _kind: string, key: string) =>
      key === 'intent' && rated !== undefined ? { rated, seats: { germany: 'a', norway: 'b' } } : undefined,
    listSide: async () => [],
    fetch: async (_m: string, opts: { log?: boolean }) => {
      reads.push(opts);
      return { state: { G: { result: 'r' } }, ...(opts.log ? { log: LOG } : {}) };
    },
  };
  return { s: s as unknown as SqlStorage, reads };
}

describe('finishedMatch', () => {
  it('reads the moves of a match chosen rated', async () => {
    const { s, reads } = storage(true);
    const m = await finishedMatch(s, 'm1');
    expect(reads).toEqual([{ state: true, log: true }]);
    expect(m).toMatchObject({ ratedIntent: true, result: 'r', movesBy: { '0': 1, '1': 1 } });
  });

  it.each([false, undefined])('does not read the moves of a match not chosen rated (intent %s)', async (rated) => {
    const { s, reads } = storage(rated);
    const m = await finishedMatch(s, 'm1');
    expect(reads).toEqual([{ state: true, log: false }]);
    expect(m).toMatchObject({ ratedIntent: false, result: 'r', movesBy: {} });
  });
});
