/**
 * The match maker and the ratings in one server on the embedded SQLite store: tickets matched into
 * matches through the lobby (seats bound to their accounts, sides as asked and then by fairness),
 * blocks, cancelling, the home page's counts; and finished matches judged once, with a rebuild that
 * gives the same numbers as rating match by match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import './fixtures/test-accounts';
import { api, startTestServer, type TestServer } from './helpers';
import type { MatchMade } from '../src/matchmaker/service';
import { bool } from '../src/ratings/sql';
import { dropSchema } from './child-server';
import { needs, PG_URL } from './services';

const stores: { name: string; env: Record<string, string> }[] = [{ name: 'SQLite', env: {} }];
const schema = `kon_mm_${Math.random().toString(36).slice(2, 10)}`;
if (await needs('postgres')) stores.push({ name: 'PostgreSQL', env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } });

describe.each(stores)('on $name', ({ env }) => {
  let t: TestServer;
  const bound: { matchID: string; seat: string; accountId: string }[] = [];
  const made: MatchMade[] = [];

  beforeAll(async () => {
    t = await startTestServer(env, {
      seatBinder: { bindSeat: async (matchID, seat, accountId) => void bound.push({ matchID, seat, accountId }) },
      // Every seat that stayed must have moved at least once... except that these matches end at once.
      ratingRules: { minMovesPerSeat: { 'kampen-om-norge': 0 }, leaderboardMinGames: 2 },
    });
    t.server.matchmaker.onMatchMade((m) => made.push(m));
  });
  afterAll(async () => {
    await t?.stop();
    if (env.DATABASE_SCHEMA) await dropSchema(env.DATABASE_SCHEMA);
  });

  const as = (account: string) => ({ headers: { 'x-test-account': account } });
  const put = (account: string, body: Record<string, unknown>) => api(t.url, 'POST', '/api/tickets', { ...as(account), body });
  const kon2 = (over: Record<string, unknown> = {}) => ({ game: 'kampen-om-norge', plan: 'two', setup: 'basic', pace: 'fast', ...over });

  /** Ends a match at once: whoever must act runs out of time (a clock set to lose). */
  async function timeOut(matchID: string) {
    const state = await t.server.transport.currentState(matchID);
    const module = t.server.lobby.games.of('kampen-om-norge');
    const pid = module.toMove(state!.G, state!.ctx)[0]!;
    const r = await t.server.transport.submitMove(matchID, pid, { type: 'loseOnTime', args: [{}] }, { by: 'server' });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    return pid;
  }

  describe('tickets', () => {
    it('need a signed-in account', async () => {
      const r = await api(t.url, 'POST', '/api/tickets', { body: kon2() });
      expect(r.status).toBe(401);
      expect(r.json.error.code).toBe('sign_in_required');
      expect((await api(t.url, 'GET', '/api/tickets')).json.error.code).toBe('sign_in_required');
    });

    it('refuse a set-up, plan or side the game does not have, and change nothing', async () => {
      expect((await put('x1', kon2({ setup: 'chess' }))).json.error.code).toBe('invalid_body');
      expect((await put('x1', kon2({ plan: 'four' }))).json.error.code).toBe('no_such_plan');
      expect((await put('x1', kon2({ sides: ['norway'] }))).json.error.code).toBe('no_such_seat');
      expect((await put('x1', { ...kon2(), game: 'go' })).json.error.code).toBe('no_such_game');
      expect((await api(t.url, 'GET', '/api/tickets', as('x1'))).json.tickets).toEqual([]);
    });

    it('two compatible tickets make one match: each seat bound to its account, the clock the pace’s', async () => {
      const a = await put('ann', kon2({ sides: ['germany'] }));
      expect(a.status).toBe(201);
      expect(a.json.status).toBe('open');
      const b = await put('bob', kon2());
      expect(b.json.status).toBe('matched');
      const matchID = b.json.matchID as string;
      expect(matchID).toBeTruthy();
      const mine = (await api(t.url, 'GET', '/api/tickets', as('ann'))).json.tickets;
      expect(mine[0]).toMatchObject({ id: a.json.id, status: 'matched', matchID, seat: 'germany' });
      expect(b.json.seat).toBe('norway+allies');
      expect(bound.filter((x) => x.matchID === matchID).sort((x, y) => x.seat.localeCompare(y.seat))).toEqual([
        { matchID, seat: 'germany', accountId: 'ann' },
        { matchID, seat: 'norway+allies', accountId: 'bob' },
      ]);
      expect(made.at(-1)).toMatchObject({ matchID, game: 'kampen-om-norge', pace: 'fast', rated: true });
      const row = await t.server.lobby.record(matchID);
      expect(row!.lobby.plan).toBe('two');
      expect(row!.lobby.clock).toEqual({ mode: 'live', baseSeconds: 172800, incrementSeconds: 28800, atZero: 'lose' });
      // Before it starts: rated, and each side's chance of winning (two new players: even).
      expect(mine[0].forecast.rated).toBe(true);
      expect(mine[0].forecast.seats.map((s: any) => [s.seat, s.accountId, s.playerIDs, s.chance])).toEqual([
        ['germany', 'ann', ['0'], 0.5],
        ['norway+allies', 'bob', ['1', '2'], 0.5],
      ]);
      // The match is private: only those with a link may ask the match's own forecast.
      expect((await api(t.url, 'GET', `/api/matches/${matchID}/forecast`)).status).toBe(404);
    });

    it('never matches two tickets that want the same only side, nor one account with itself', async () => {
      await put('cy', kon2({ pace: 'slow', sides: ['germany'] }));
      expect((await put('dee', kon2({ pace: 'slow', sides: ['germany'] }))).json.status).toBe('open');
      // Cy's second ticket fits Cy's first, but an account never plays itself: it goes to Dee.
      const cy2 = await put('cy', kon2({ pace: 'slow' }));
      expect(cy2.json).toMatchObject({ status: 'matched', seat: 'norway+allies' });
      const dee = (await api(t.url, 'GET', '/api/tickets', as('dee'))).json.tickets;
      expect(dee[0]).toMatchObject({ status: 'matched', seat: 'germany', matchID: cy2.json.matchID });
      const cy = (await api(t.url, 'GET', '/api/tickets', as('cy'))).json.tickets;
      expect(cy.map((x: any) => x.status).sort()).toEqual(['matched', 'open']);
    });

    it('never matches a player with someone they blocked, or who blocked them', async () => {
      expect((await api(t.url, 'PUT', '/api/blocks/gus', as('fay'))).status).toBe(204);
      expect((await api(t.url, 'PUT', '/api/blocks/fay', as('fay'))).json.error.code).toBe('cannot_block_self');
      expect((await api(t.url, 'GET', '/api/blocks', as('fay'))).json.blocked).toMatchObject([{ accountId: 'gus' }]);
      const live = (over = {}) => kon2({ pace: 'live', setup: 'advanced', ...over });
      await put('gus', live());
      expect((await put('fay', live())).json.status).toBe('open');
      // Someone else matches with the oldest (Gus), not with Fay, who is still waiting.
      expect((await put('hal', live())).json.status).toBe('matched');
      const fay = (await api(t.url, 'GET', '/api/tickets', as('fay'))).json.tickets;
      expect(fay[0].status).toBe('open');
      // Unblocked, the next ticket of Gus finds Fay.
      expect((await api(t.url, 'DELETE', '/api/blocks/gus', as('fay'))).status).toBe(204);
      expect((await put('gus', live())).json.status).toBe('matched');
    });

    it('can be seen, counted on the home page, and cancelled once by their owner only', async () => {
      const a = await put('ivy', { game: 'deres-uenighet', pace: 'live', rated: false });
      expect(a.json).toMatchObject({ status: 'open', setup: '-', plan: 'three', rated: false });
      const open = (await api(t.url, 'GET', '/api/tickets/open')).json.open;
      expect(open).toContainEqual({ game: 'deres-uenighet', setup: '-', plan: 'three', pace: 'live', rated: false, count: 1 });
      expect((await api(t.url, 'DELETE', `/api/tickets/${a.json.id}`, as('jon'))).json.error.code).toBe('not_found');
      expect((await api(t.url, 'DELETE', `/api/tickets/${a.json.id}`, as('ivy'))).status).toBe(204);
      expect((await api(t.url, 'DELETE', `/api/tickets/${a.json.id}`, as('ivy'))).json.error.code).toBe('ticket_closed');
      const after = (await api(t.url, 'GET', '/api/tickets/open')).json.open;
      expect(after.some((o: any) => o.game === 'deres-uenighet')).toBe(false);
    });

    it('gives nobody the same side every time', async () => {
      const seats: string[] = [];
      for (let i = 0; i < 4; i++) {
        await put('kit', kon2({ setup: 'advanced', pace: 'slow' }));
        const r = await put('lou', kon2({ setup: 'advanced', pace: 'slow' }));
        seats.push(r.json.seat);
      }
      expect(seats.filter((s) => s === 'germany')).toHaveLength(2);
      expect(seats.filter((s) => s === 'norway+allies')).toHaveLength(2);
    });
  });

  describe('ratings', () => {
    it('a finished rated match is rated once; the rebuild gives the same numbers', async () => {
      const players = ['mo', 'ned', 'oz'];
      const results: { matchID: string; loser: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const [p, q] = [players[i % 3]!, players[(i + 1) % 3]!];
        await put(p, kon2({ setup: 'advanced', pace: 'live' }));
        const r = await put(q, kon2({ setup: 'advanced', pace: 'live' }));
        expect(r.json.status).toBe('matched');
        await timeOut(r.json.matchID);
        results.push({ matchID: r.json.matchID, loser: p });
      }
      // Each match is judged once, by the move that ended it (in the background: wait for it).
      const sql = t.server.ratings.sqlHandle;
      await expect
        .poll(async () =>
          Number(
            (await sql.query("SELECT count(*) AS n FROM kon_rated_matches WHERE game = 'kampen-om-norge' AND rated = $1", [true]))[0]!.n,
          ),
        )
        .toBe(6);
      // Judging again changes nothing.
      expect(await t.server.ratings.finished(results[0]!.matchID)).toBeUndefined();
      const incremental = await t.server.ratings.allRatings();
      expect(incremental.filter((r) => players.includes(r.accountId)).reduce((n, r) => n + r.games, 0)).toBe(12);
      const prof = (await api(t.url, 'GET', '/api/profiles/mo')).json;
      expect(prof.reliability.timeout + prof.reliability.finished).toBe(4);
      expect(prof.recent).toHaveLength(4);
      const rebuilt = await t.server.ratings.rebuild();
      expect(rebuilt.rated).toBeGreaterThanOrEqual(6);
      expect(await t.server.ratings.allRatings()).toEqual(incremental);
      expect((await api(t.url, 'GET', '/api/profiles/mo')).json).toEqual(prof);
      // Leaderboards list accounts with at least two rated games of that rating, best first.
      const lb = (await api(t.url, 'GET', '/api/leaderboards/kampen-om-norge?variant=advanced&side=germany')).json;
      expect(lb).toMatchObject({ game: 'kampen-om-norge', variant: 'advanced', side: 'germany', minGames: 2 });
      for (const row of lb.rows) expect(row.games).toBeGreaterThanOrEqual(2);
      const ratingsSorted = lb.rows.map((r: any) => r.rating);
      expect([...ratingsSorted].sort((a: number, b: number) => b - a)).toEqual(ratingsSorted);
    });

    it('matches judged out of the rebuild’s order (ending together on two processes) get the rebuild’s numbers', async () => {
      const ids: string[] = [];
      for (const [g, o] of [
        ['pat', 'sam'],
        ['pat', 'quinn'],
        ['roy', 'quinn'],
      ] as const) {
        await put(g, kon2({ setup: 'advanced', pace: 'slow', sides: ['germany'] }));
        const r = await put(o, kon2({ setup: 'advanced', pace: 'slow' }));
        await timeOut(r.json.matchID);
        ids.push(r.json.matchID);
      }
      const sql = t.server.ratings.sqlHandle;
      const marks = ids.map((_id, i) => `$${i + 1}`).join(', ');
      await expect
        .poll(async () => (await sql.query(`SELECT 1 AS x FROM kon_rated_matches WHERE match_id IN (${marks})`, ids)).length)
        .toBe(3);
      // The rebuild's order: by the time each finished, then by id.
      const when = new Map<string, number>();
      for (const id of ids) when.set(id, (await t.server.storage.fetchLobby(id))!.metadata.updatedAt);
      const order = [...ids].sort((a, b) => when.get(a)! - when.get(b)! || (a < b ? -1 : 1));
      // Every judgement forgotten, then the three judged last first (as processes may hear them).
      for (const table of ['kon_rated_matches', 'kon_match_players', 'kon_ratings']) await sql.query(`DELETE FROM ${table}`);
      for (const id of [...order].reverse()) await t.server.ratings.finished(id);
      const mine = async () => (await t.server.ratings.allRatings()).filter((r) => ['pat', 'sam', 'quinn', 'roy'].includes(r.accountId));
      const live = await mine();
      expect(live.reduce((n, r) => n + r.games, 0)).toBe(6);
      await t.server.ratings.rebuild();
      expect(await mine()).toEqual(live);
    });

    it('a seat the computer took over during play counts as left, for good', async () => {
      await put('rex', kon2({ setup: 'advanced', pace: 'slow', sides: ['germany'] }));
      const r = await put('sal', kon2({ setup: 'advanced', pace: 'slow' }));
      const matchID = r.json.matchID as string;
      await t.server.bots.handSeatToBot(matchID, 'norway+allies', 'easy', 'handed');
      const { computerMarks } = await import('../src/ratings/intent');
      await expect.poll(() => computerMarks(t.server.storage, matchID)).toEqual({ 'norway+allies': 'left' });
      // Germany (first to act) then runs out of time: both camps lost, a draw for the ratings.
      await timeOut(matchID);
      const sql = t.server.ratings.sqlHandle;
      await expect
        .poll(async () =>
          (
            await sql.query('SELECT account_id, ending, outcome FROM kon_match_players WHERE match_id = $1 ORDER BY account_id', [matchID])
          ).map((x) => ({ ...x })),
        )
        .toEqual([
          { account_id: 'rex', ending: 'timeout', outcome: 'draw' },
          { account_id: 'sal', ending: 'left', outcome: 'draw' },
        ]);
      expect((await api(t.url, 'GET', '/api/profiles/sal')).json.reliability).toEqual({ finished: 0, timeout: 0, left: 1, share: 0 });
    });

    it('an unrated ticket’s match is judged unrated and moves no rating', async () => {
      const before = await t.server.ratings.allRatings();
      await put('pia', kon2({ rated: false, pace: 'live' }));
      const r = await put('quin', kon2({ rated: false, pace: 'live' }));
      await timeOut(r.json.matchID);
      const sql = t.server.ratings.sqlHandle;
      await expect
        .poll(async () => {
          const [row] = await sql.query('SELECT rated, why FROM kon_rated_matches WHERE match_id = $1', [r.json.matchID]);
          return row && { rated: bool(row.rated), why: row.why };
        })
        .toEqual({ rated: false, why: 'not_chosen' });
      expect(await t.server.ratings.allRatings()).toEqual(before);
    });

    // Several processes share PostgreSQL only (SQLite is one process's store): two connections here.
    it.skipIf(!env.DATABASE_URL)('is judged once when two processes hear the end at the same moment', async () => {
      await put('uma', kon2({ pace: 'slow', setup: 'advanced' }));
      const r = await put('val', kon2({ pace: 'slow', setup: 'advanced' }));
      await timeOut(r.json.matchID);
      const sql = t.server.ratings.sqlHandle;
      await expect
        .poll(async () => (await sql.query('SELECT 1 FROM kon_rated_matches WHERE match_id = $1', [r.json.matchID])).length)
        .toBe(1);
      const after = await t.server.ratings.allRatings();
      // Forget this match's judgement by hand (and its rating moves: back to before it), then two
      // services on connections of their own, as two processes have, judge it at once.
      await sql.query('DELETE FROM kon_rated_matches WHERE match_id = $1', [r.json.matchID]);
      await sql.query('DELETE FROM kon_match_players WHERE match_id = $1', [r.json.matchID]);
      await sql.query("DELETE FROM kon_ratings WHERE account_id IN ('uma', 'val')");
      const { openSideSql } = await import('../src/ratings/sql');
      const { RatingService } = await import('../src/ratings/service');
      const rules = t.server.ratings.rules;
      const conns = [openSideSql(t.config), openSideSql(t.config)];
      try {
        const services = conns.map((c) => new RatingService(c, t.server.storage, t.server.ratings['log' as never], rules));
        const judged = await Promise.all(services.map((s) => s.finished(r.json.matchID)));
        expect(judged.filter(Boolean)).toHaveLength(1);
      } finally {
        for (const c of conns) await c.close();
      }
      expect(await t.server.ratings.allRatings()).toEqual(after);
    });
  });
});
