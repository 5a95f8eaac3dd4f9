// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Lessons over the real server (docs/lessons.md): POST /api/matches with a lesson's id makes the
 * lesson's match (its plan, set-up and seed, Easy computers on every other seat), the learner's steps
 * go through the socket and the computer seats play the script's moves; bad requests are refused
 * with a clear code; a lesson match is never rated.
 */
import { lessons as konLessons } from '@kon/game';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedMatch } from '../src/ratings/facts';
import { readIntent } from '../src/ratings/intent';
import { judge } from '../src/ratings/model';
import { api, capturing, createMatch, gameClient, join, serverState, startTestServer, type TestServer, waitFor } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const basic = konLessons.find((l) => l.id === 'kon-basic')!;

describe('lesson matches', () => {
  it('refuses an unknown lesson and a lesson with its own plan, and stores nothing', async () => {
    server = await startTestServer();
    const t = server;
    // GET /api/games lists each game's lessons, for the home page's "Learn to play".
    const games = (await api(t.url, 'GET', '/api/games')).json.games as { id: string; lessons: { id: string }[] }[];
    expect(Object.fromEntries(games.map((g) => [g.id, g.lessons.map((l) => l.id)]))).toMatchObject({
      'kampen-om-norge': ['kon-basic', 'kon-april9'],
    });
    expect(games.flatMap((g) => g.lessons.map((l) => l.id))).toContain('deres-first-round');
    const unknown = await api(t.url, 'POST', '/api/matches', { body: { lesson: 'no-such-lesson' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('no_such_lesson');
    expect(unknown.json.error.message).toContain('kon-basic');
    const mixed = await api(t.url, 'POST', '/api/matches', { body: { lesson: 'kon-basic', plan: 'two' } });
    expect(mixed.status).toBe(400);
    expect(mixed.json.error.code).toBe('lesson_brings_its_own');
    const badId = await api(t.url, 'POST', '/api/matches', { body: { lesson: 'Kon Basic!' } });
    expect(badId.status).toBe(400);
    expect(badId.json.error.code).toBe('invalid_body');
    expect((await api(t.url, 'GET', '/api/matches')).json.matches ?? []).toEqual([]);
  });

  it('plays kon-basic: the learner moves through the socket, the computer follows the script; never rated', async () => {
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '0', AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0' });
    const t = server;
    const m = await createMatch(t.url, { lesson: 'kon-basic' });
    // Only the learner's seat has a link: the others are the computer's.
    expect(m.links.seats.map((s) => s.seat)).toEqual([basic.learner]);
    const view = (await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: m.links.spectator })).json;
    expect(view.plan).toBe(basic.plan);
    expect(Object.values(view.bots).map((b: any) => b.strength)).toEqual(['easy', 'easy']);
    expect((await t.server.storage.fetchLobby(m.matchID))?.lobby).toMatchObject({ lesson: 'kon-basic', visibility: 'private' });

    const seat = m.links.seats[0]!;
    const me = await join(t.url, m.matchID, seat.token, 'Learner');
    const learnerID = seat.playerIDs[0]!;
    const client = gameClient(m.matchID, learnerID, me.credentials, capturing(t.url, []));
    try {
      for (const [i, step] of basic.steps.entries()) {
        if (step.seat !== learnerID || !step.say) continue;
        await waitFor(() => client.getState()?._stateID === i, `step ${i} (${step.id}) is the learner's`, 30_000);
        (client.moves as Record<string, (a: unknown) => void>)[step.move]!(step.args);
      }
      await waitFor(async () => (await serverState(t, m.matchID)).state._stateID >= basic.steps.length, 'the script is played', 30_000);
    } finally {
      client.stop();
    }
    // Every move of the script, by its seat and with its arguments: the dice and the deal are the lesson's.
    const { log, state } = await serverState(t, m.matchID);
    const played = log.filter((e: any) => e.action.type === 'MAKE_MOVE').slice(0, basic.steps.length);
    expect(played.map((e: any) => [e.action.payload.playerID, e.action.payload.type, e.action.payload.args[0]])).toEqual(
      basic.steps.map((s) => [s.seat, s.move, expect.objectContaining(s.args)]),
    );
    expect(t.logs.filter((l) => /bot move refused|bot decision failed|bot seat is stuck/.test(l))).toEqual([]);

    // Not rated: the match maker never wrote its intent, so a lesson that ends is judged not chosen.
    expect(await readIntent(t.server.storage, m.matchID)).toBeUndefined();
    const meta = (await serverState(t, m.matchID)).metadata;
    await t.server.storage.setMetadata(m.matchID, { ...meta, gameover: { winner: '0' } });
    const finished = await finishedMatch(t.server.storage, m.matchID);
    expect(finished?.ratedIntent).toBe(false);
    expect(judge(finished!).rated).toBe(false);
    expect(state.ctx.gameover).toBeUndefined();
  });
});
