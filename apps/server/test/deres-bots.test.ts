// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Deres uenighet's computer players on the server: a match created with two computer seats and one
 * person plays through set-up and a round's first orders, the computer seats submitting theirs through
 * the real move path (transport.submitMove, judged by the module) after the person's, and answer a
 * surrender asked of them; each decides from its own seat's view only; the lobby offers only the
 * levels the module has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockMove, type DeresState } from '@kon/deres';
import type { MoveCommitted } from '../src/transport';
import { api, createMatch, join, startTestServer, waitFor, type TestServer } from './helpers';

const DERES = 'deres-uenighet';

describe('Deres uenighet with computer seats', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ BOT_MOVE_DELAY_MS: '0', BOT_NEXT_MOVE_DELAY_MS: '0' });
  });
  afterAll(async () => t?.stop());

  it('offers its levels in the game list and refuses a level it does not have, or a seat its plan lacks', async () => {
    const games = (await api(t.url, 'GET', '/api/games')).json.games as { id: string; bots: string[] }[];
    expect(games.find((g) => g.id === DERES)?.bots).toEqual(['easy', 'normal']);
    const bad = async (body: unknown) => (await api(t.url, 'POST', '/api/matches', { body })).json.error.code;
    expect(await bad({ game: DERES, plan: 'two', bots: { player2: 'hard' } })).toBe('invalid_body');
    expect(await bad({ game: DERES, plan: 'two', bots: { player3: 'easy' } })).toBe('no_such_seat');
    expect(await bad({ game: DERES, plan: 'two', bots: { germany: 'easy' } })).toBe('no_such_seat');
    const ok = await api(t.url, 'POST', '/api/matches', { body: { game: DERES, plan: 'two', bots: { player2: 'normal' } } });
    expect(ok.status).toBe(201);
    // The computer's seat has no invite link.
    expect(ok.json.links.seats.map((s: { seat: string }) => s.seat)).toEqual(['player1']);
  });

  it('fills two seats: they take their set-up turns and submit their orders after the person, from their own views', async () => {
    const created = await createMatch(t.url, { game: DERES, plan: 'three', bots: { player2: 'normal', player3: 'easy' } });
    const { matchID } = created;
    const moves: MoveCommitted[] = [];
    t.server.transport.onMoveCommitted((e) => {
      if (e.matchID === matchID) moves.push(e);
    });
    // Every request the bot runner sends to its workers: the seat's view is all a worker learns.
    const pool = (t.server.bots as unknown as { opts: { pool: { decide: (req: any, o?: any) => Promise<unknown> } } }).opts.pool;
    const requests: { playerID: string; view: Record<string, unknown> }[] = [];
    const decide = pool.decide.bind(pool);
    // The computers' first orders wait until the person has submitted theirs (so that their views are
    // taken while the person's orders are secret); set-up turns go on meanwhile.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    pool.decide = async (req, o) => {
      if (req.game === DERES) {
        requests.push({ playerID: req.playerID, view: req.view });
        if (req.view.setupTurn === null) await gate;
      }
      return decide(req, o);
    };
    const person = await join(t.url, matchID, created.links.seats[0]!.token, 'Ada');
    expect(person.playerIDs).toEqual(['0']);
    const G = async () => (await t.server.transport.currentState(matchID))!.G as DeresState;

    // The person takes each set-up turn of theirs (the first listed choice) until the first orders.
    for (let i = 0; i < 500; i++) {
      const g = await waitFor(
        async () => {
          const s = await G();
          return s.setupTurn === '0' || (s.setupTurn === null && s.mustSubmit.includes('0')) ? s : undefined;
        },
        'the person to be asked',
        20_000,
      );
      if (g.setupTurn === null) break;
      const m = clockMove(g, '0')!;
      const out = await t.server.transport.submitMove(
        matchID,
        '0',
        { type: m.move, args: m.args },
        { by: 'player', credentials: person.credentials },
      );
      expect(out.ok, JSON.stringify(out)).toBe(true);
    }
    const buy = await G();
    expect(buy.phase).toBe('buy');
    // The computer seats took their set-up turns through the move path too.
    for (const pid of ['1', '2'])
      expect(moves.some((e) => e.playerID === pid && e.by === 'server' && e.move.type !== 'submitOrders')).toBe(true);

    // The person's orders; then both computer seats submit theirs, and the orders are revealed together.
    expect(
      moves.some((e) => e.by === 'server' && e.move.type.startsWith('submit')),
      'no computer orders before the person’s',
    ).toBe(false);
    const out = await t.server.transport.submitMove(
      matchID,
      '0',
      { type: 'submitEmpty', args: [{}] },
      { by: 'player', credentials: person.credentials },
    );
    expect(out.ok, JSON.stringify(out)).toBe(true);
    release();
    await waitFor(async () => ((await G()).phase !== 'buy' ? true : undefined), 'the buy phase to be resolved', 20_000);
    const orders = moves.filter((e) => e.by === 'server' && (e.move.type === 'submitOrders' || e.move.type === 'submitEmpty'));
    expect(new Set(orders.map((e) => e.playerID))).toEqual(new Set(['1', '2']));
    expect(
      orders.some((e) => e.move.type === 'submitOrders'),
      'the normal player buys',
    ).toBe(true);

    // Each decision was made from the deciding seat's own view: no pile, no one's unrevealed orders.
    expect(requests.length).toBeGreaterThan(0);
    for (const a of requests) {
      expect(['1', '2']).toContain(a.playerID);
      expect(a.view.viewer).toBe(a.playerID);
      expect(a.view).not.toHaveProperty('orders');
      expect(a.view).not.toHaveProperty('pile');
    }
    // A seat asked after the person had submitted saw only that the person had, not what.
    const afterPerson = requests.filter((a) => (a.view.submitted as Record<string, boolean> | undefined)?.['0'] === true);
    expect(afterPerson.length).toBeGreaterThan(0);
    for (const a of afterPerson) expect(JSON.stringify(a.view)).not.toContain('"0":{"kind"');

    // Once both computer seats have submitted their moves (nothing asked of them), the person asks to
    // surrender: both answer all the same (no clock waits for that), and it is accepted.
    await waitFor(
      async () => {
        const g = await G();
        return g.phase === 'move' && g.submitted['1'] && g.submitted['2'] ? true : undefined;
      },
      'the computer seats to submit their moves',
      20_000,
    );
    const asked = await t.server.transport.submitMove(
      matchID,
      '0',
      { type: 'proposeSurrender', args: [{}] },
      { by: 'player', credentials: person.credentials },
    );
    expect(asked.ok, JSON.stringify(asked)).toBe(true);
    await waitFor(async () => ((await G()).nations['0']!.out ? true : undefined), 'the surrender to be accepted', 20_000);
    for (const pid of ['1', '2']) expect(moves.some((e) => e.playerID === pid && e.move.type === 'answerSurrender')).toBe(true);
  });
});
