// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The rematch of a finished Deres uenighet match (POST /api/matches/:id/rematch, the platform's, as
 * for Kampen om Norge): the same game and plan, the person in the same seat with the same credentials,
 * the computer seat it was created with playing again; a second request finds the same rematch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockMove, type DeresState } from '@kon/deres';
import { api, createMatch, join, startTestServer, waitFor, type TestServer } from './helpers';

const DERES = 'deres-uenighet';

/** Set-up to its end: seat 0's turns by the first listed choice (with these credentials), seat 1's by the computer. */
async function setUp(t: TestServer, matchID: string, credentials: string) {
  const G = async () => (await t.server.transport.currentState(matchID))!.G as DeresState;
  for (let i = 0; i < 500; i++) {
    const g = await waitFor(
      async () => {
        const s = await G();
        return s.setupTurn === '0' || s.round > 0 ? s : undefined;
      },
      'the person to be asked',
      20_000,
    );
    if (g.setupTurn === null) return;
    const m = clockMove(g, '0')!;
    const out = await t.server.transport.submitMove(matchID, '0', { type: m.move, args: m.args }, { by: 'player', credentials });
    expect(out.ok, JSON.stringify(out)).toBe(true);
  }
}

describe('a Deres uenighet rematch', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ BOT_MOVE_DELAY_MS: '0', BOT_NEXT_MOVE_DELAY_MS: '0' });
  });
  afterAll(async () => t?.stop());

  it('keeps the game, the plan, the seats and the computer seat', async () => {
    const created = await createMatch(t.url, { game: DERES, plan: 'two', bots: { player2: 'easy' } });
    const { matchID } = created;
    const person = await join(t.url, matchID, created.links.seats[0]!.token, 'Ada');
    const G = async () => (await t.server.transport.currentState(matchID))!.G as DeresState;
    const send = (type: string, args: unknown[]) =>
      t.server.transport.submitMove(matchID, '0', { type, args }, { by: 'player', credentials: person.credentials });
    await setUp(t, matchID, person.credentials);
    // Not over yet: no rematch.
    const early = await api(t.url, 'POST', `/api/matches/${matchID}/rematch`, { token: person.credentials });
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe('not_over');

    // The person surrenders; the computer consents; the game is over.
    expect((await send('proposeSurrender', [{}])).ok).toBe(true);
    await waitFor(async () => ((await G()).result ? true : undefined), 'the game to end', 20_000);
    const over = await api(t.url, 'GET', `/api/matches/${matchID}`, { token: person.credentials });
    expect(over.json.gameover).toBeTruthy();

    const re = await api(t.url, 'POST', `/api/matches/${matchID}/rematch`, { token: person.credentials });
    expect(re.status).toBe(201);
    const again = await api(t.url, 'POST', `/api/matches/${matchID}/rematch`, { token: person.credentials });
    expect(again.json.matchID).toBe(re.json.matchID);
    const old = await api(t.url, 'GET', `/api/matches/${matchID}`, { token: person.credentials });
    expect(old.json.rematch).toBe(re.json.matchID);

    const next = await api(t.url, 'GET', `/api/matches/${re.json.matchID}`, { token: person.credentials });
    expect(next.status).toBe(200);
    expect(next.json.game).toBe(DERES);
    expect(next.json.plan).toBe('two');
    expect(next.json.bots).toMatchObject({ player2: { strength: 'easy' } });
    const seat = next.json.seats.find((s: { seat: string }) => s.seat === 'player1');
    expect(seat.members.map((m: { name: string }) => m.name)).toEqual(['Ada']);
    // A fresh game of Deres uenighet, its computer seat taking its set-up turns again.
    const fresh = (await t.server.transport.currentState(re.json.matchID))!.G as DeresState;
    expect(fresh.round).toBe(0);
    expect(fresh.result).toBeNull();
    expect(fresh.seats).toEqual(['0', '1']);
    // The person's old credentials act in it, and the computer takes its set-up turns again.
    await setUp(t, re.json.matchID, person.credentials);
    expect(((await t.server.transport.currentState(re.json.matchID))!.G as DeresState).round).toBe(1);
  });
});
