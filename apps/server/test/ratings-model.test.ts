/**
 * The rating rules as pure functions: which rating a seat plays for, when a finished match is rated,
 * each seat's placing (Kampen om Norge's camps as teams, Deres's sheet ranking), and a seat that lost
 * on time or left counted as having lost.
 */
import { describe, expect, it } from 'vitest';
import { chances, type FinishedMatch, judge, keyOf, NEW_SKILL, rateSeats, teamsOf } from '../src/ratings/model';
import { ratingsAfter } from '../src/ratings/service';

const rules = { minMovesPerSeat: { 'kampen-om-norge': 3, 'deres-uenighet': 2 }, leaderboardMinGames: 1 };

function kon(over: Partial<FinishedMatch> = {}): FinishedMatch {
  return {
    matchID: 'm1',
    game: 'kampen-om-norge',
    setupData: { ruleset: 'advanced', scenario: 'narvik' },
    finishedAt: 1,
    ratedIntent: true,
    seats: [
      { key: 'germany', playerIDs: ['0'], accountId: 'a' },
      { key: 'norway', playerIDs: ['1'], accountId: 'b' },
      { key: 'allies', playerIDs: ['2'], accountId: 'c' },
    ],
    result: { winner: 'norway-allies', level: 'clear', reason: 'deck', germanCities: [] },
    movesBy: { '0': 5, '1': 5, '2': 5 },
    computer: {},
    ...over,
  };
}

function deres(over: Partial<FinishedMatch> = {}): FinishedMatch {
  return {
    matchID: 'd1',
    game: 'deres-uenighet',
    setupData: {},
    finishedAt: 1,
    ratedIntent: true,
    seats: ['a', 'b', 'c', 'd'].map((a, i) => ({ key: `player${i + 1}`, playerIDs: [String(i)], accountId: a })),
    result: { reason: 'technology', winner: '2', ranking: ['2', '0', '3', '1'] },
    movesBy: { '0': 4, '1': 4, '2': 4, '3': 4 },
    computer: {},
    ...over,
  };
}

const byAccount = (j: ReturnType<typeof judge>) => Object.fromEntries(j.seats.map((s) => [s.accountId, [s.rank, s.outcome, s.ending]]));

describe('which rating a seat plays for', () => {
  it('Kampen om Norge: one per side and ruleset family, a scenario counting with its ruleset', () => {
    expect(keyOf('kampen-om-norge', { ruleset: 'advanced', scenario: 'narvik' }, 'norway')).toEqual({
      game: 'kampen-om-norge',
      variant: 'advanced',
      side: 'norway',
    });
    expect(keyOf('kampen-om-norge', { ruleset: 'basic' }, 'germany').variant).toBe('basic');
    expect(keyOf('kampen-om-norge', {}, 'norway+allies')).toEqual({ game: 'kampen-om-norge', variant: 'basic', side: 'norway+allies' });
  });
  it('Deres uenighet: one rating whatever the seat', () => {
    expect(keyOf('deres-uenighet', {}, 'player3')).toEqual({ game: 'deres-uenighet', variant: '-', side: '-' });
  });
});

describe('judging a finished match', () => {
  it('Kampen om Norge: Norway and the Allies win or lose together against Germany', () => {
    const j = judge(kon(), rules);
    expect(j.rated).toBe(true);
    expect(byAccount(j)).toEqual({ a: [2, 'loss', 'finished'], b: [1, 'win', 'finished'], c: [1, 'win', 'finished'] });
    expect(
      teamsOf(
        'kampen-om-norge',
        kon().seats.map((s) => ({ seat: s.key, playerIDs: s.playerIDs })),
      ),
    ).toEqual([['germany'], ['norway', 'allies']]);
  });

  it("Deres uenighet: the sheet's ranking is the placing; a top tie without a winner is a shared first place", () => {
    expect(byAccount(judge(deres(), rules))).toEqual({
      c: [1, 'win', 'finished'],
      a: [2, 'loss', 'finished'],
      d: [3, 'loss', 'finished'],
      b: [4, 'loss', 'finished'],
    });
    const tie = judge(deres({ result: { reason: 'roundLimit', winner: null, ranking: ['2', '0', '3', '1'] } }), rules);
    expect(byAccount(tie).c).toEqual([1, 'win', 'finished']);
    expect(byAccount(tie).a).toEqual([1, 'win', 'finished']);
    expect(byAccount(tie).d![0]).toBe(3);
  });

  it('a side that lost on time has lost (the game says so) and is marked as lost on time', () => {
    const j = judge(
      kon({
        result: { winner: 'germany', level: 'clear', reason: 'time', timedOut: 'allies', germanCities: [] },
        movesBy: { '0': 5, '1': 5, '2': 0 },
      }),
      rules,
    );
    expect(j.rated).toBe(true);
    expect(byAccount(j)).toEqual({ a: [1, 'win', 'finished'], b: [2, 'loss', 'finished'], c: [2, 'loss', 'timeout'] });
  });

  it('a seat the computer took over during play counts as having lost, whatever the board says', () => {
    // Germany left; the computer played on and won the board for it: still Germany's loss.
    const k = judge(
      kon({ result: { winner: 'germany', level: 'clear', reason: 'deck', germanCities: [] }, computer: { germany: 'left' } }),
      rules,
    );
    expect(k.rated).toBe(true);
    expect(byAccount(k)).toEqual({ a: [2, 'loss', 'left'], b: [1, 'win', 'finished'], c: [1, 'win', 'finished'] });
    // Deres: the winner's seat left: it drops below everyone who stayed; the others keep their order.
    const d = judge(deres({ computer: { player3: 'timeout' } }), rules);
    expect(byAccount(d)).toEqual({
      c: [4, 'loss', 'timeout'],
      a: [1, 'win', 'finished'],
      d: [2, 'loss', 'finished'],
      b: [3, 'loss', 'finished'],
    });
  });

  it('is unrated with a computer seat from the start, a seat without account, one account on two seats, too few moves, or not chosen rated', () => {
    expect(judge(kon({ computer: { allies: 'created' } }), rules)).toMatchObject({ rated: false, why: 'computer' });
    const noAccount = kon();
    noAccount.seats[2]!.accountId = undefined;
    expect(judge(noAccount, rules)).toMatchObject({ rated: false, why: 'not_all_accounts' });
    const twice = kon();
    twice.seats[2]!.accountId = 'b';
    expect(judge(twice, rules)).toMatchObject({ rated: false, why: 'same_account' });
    expect(judge(kon({ movesBy: { '0': 5, '1': 2, '2': 5 } }), rules)).toMatchObject({ rated: false, why: 'too_few_moves' });
    expect(judge(kon({ ratedIntent: false }), rules)).toMatchObject({ rated: false, why: 'not_chosen' });
    // Unrated matches still record every account's part (games played, reliability).
    expect(judge(kon({ ratedIntent: false }), rules).seats).toHaveLength(3);
  });
});

describe('openskill on the placings', () => {
  it('the winning camp gains and the losing side loses; two teammates both move', () => {
    const skills = new Map([
      ['germany', NEW_SKILL],
      ['norway', NEW_SKILL],
      ['allies', NEW_SKILL],
    ]);
    const out = rateSeats([['germany'], ['norway', 'allies']], (s) => (s === 'germany' ? 2 : 1), skills);
    expect(out.get('germany')!.mu).toBeLessThan(NEW_SKILL.mu);
    expect(out.get('norway')!.mu).toBeGreaterThan(NEW_SKILL.mu);
    expect(out.get('allies')!.mu).toBeGreaterThan(NEW_SKILL.mu);
    for (const s of out.values()) expect(s.sigma).toBeLessThan(NEW_SKILL.sigma);
  });
  it('co-commanders of a seat are both in its team: both placed and rated, and they weigh as two', () => {
    const co = kon({
      seats: [
        { key: 'germany', playerIDs: ['0'], accountId: 'a' },
        { key: 'norway', playerIDs: ['1'], accountId: 'b', coAccounts: ['d'] },
        { key: 'allies', playerIDs: ['2'], accountId: 'c' },
      ],
    });
    const j = judge(co, rules);
    expect(j.rated).toBe(true);
    expect(byAccount(j)).toEqual({
      a: [2, 'loss', 'finished'],
      b: [1, 'win', 'finished'],
      c: [1, 'win', 'finished'],
      d: [1, 'win', 'finished'],
    });
    const after = ratingsAfter(co, j, new Map());
    expect([...after.keys()].sort()).toEqual(['allies\u0000c', 'germany\u0000a', 'norway\u0000b', 'norway\u0000d']);
    expect(after.get('norway\u0000d')!.mu).toBeGreaterThan(NEW_SKILL.mu);
    // Losing to a camp of three people costs Germany less than losing to two.
    const alone = ratingsAfter(kon(), judge(kon(), rules), new Map());
    expect(after.get('germany\u0000a')!.mu).toBeLessThan(NEW_SKILL.mu);
    expect(after.get('germany\u0000a')!.mu).toBeGreaterThan(alone.get('germany\u0000a')!.mu);
    // One person on two parts (a co-commander of the other camp's seat) makes the match unrated.
    const twice = kon({
      seats: [
        { key: 'germany', playerIDs: ['0'], accountId: 'a' },
        { key: 'norway', playerIDs: ['1'], accountId: 'b', coAccounts: ['a'] },
        { key: 'allies', playerIDs: ['2'], accountId: 'c' },
      ],
    });
    expect(judge(twice, rules)).toMatchObject({ rated: false, why: 'same_account' });
  });
  it('predicts the stronger side more likely to win; chances sum to one', () => {
    const p = chances([[{ mu: 30, sigma: 3 }], [NEW_SKILL]]);
    expect(p[0]!).toBeGreaterThan(p[1]!);
    expect(p[0]! + p[1]!).toBeCloseTo(1, 9);
  });
});
