// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * Computer seats over the real server: a match of three bots played to its end, a human's seat handed
 * to a bot mid-turn and taken back, the refusals, and a bot match that carries on after a restart.
 */
import { kampenOmNorgeModule, legalMoves } from '@kon/game';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoveCommitted } from '../src/transport';
import { botAvailable } from '../src/bots/registry';
import { api, capturing, createMatch, gameClient, join, serverState, sleep, startTestServer, waitFor, type TestServer } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const lobbyOf = async (t: TestServer, matchID: string, token: string) =>
  (await api(t.url, 'GET', `/api/matches/${matchID}`, { token })).json;

describe('computer seats', () => {
  it('three Easy bots play a whole match to its end through the server', async () => {
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '0' });
    const t = server;
    const moves: MoveCommitted[] = [];
    t.server.transport.onMoveCommitted((e) => moves.push(e));
    const m = await createMatch(t.url, {
      plan: 'three',
      setupData: { ruleset: 'basic' },
      bots: { germany: 'easy', norway: 'easy', allies: 'easy' },
    });
    // Every seat is the computer's: no seat links, only the spectator's.
    expect(m.links.seats).toEqual([]);
    const view = await lobbyOf(t, m.matchID, m.links.spectator);
    expect(view.bots).toMatchObject({
      germany: { strength: 'easy', reason: 'created' },
      norway: { strength: 'easy' },
      allies: { strength: 'easy' },
    });

    // A spectator watches and hears the seats thinking.
    const messages: { event: string; args: unknown[] }[] = [];
    const watcher = gameClient(m.matchID, null, m.links.spectator, capturing(t.url, messages as never));
    try {
      await waitFor(async () => (await serverState(t, m.matchID)).metadata.gameover, 'the bots finish the match', 600_000);
    } finally {
      watcher.stop();
    }
    const { state, metadata } = await serverState(t, m.matchID);
    expect(state.G.result).toBeTruthy();
    expect(metadata.gameover).toEqual(state.ctx.gameover);
    expect(moves.length).toBeGreaterThan(50);
    expect(moves.every((e) => e.by === 'server')).toBe(true);
    expect(new Set(moves.map((e) => e.playerID))).toEqual(new Set(['0', '1', '2']));
    // Every decision was the bot's own and every one was accepted.
    expect(t.logs.filter((l) => /bot move refused|bot decision failed|bot seat is stuck/.test(l))).toEqual([]);
    const thinking = messages.filter((x) => x.event === 'kon:thinking').map((x) => x.args[0] as { seat: string; thinking: boolean });
    expect(thinking.some((x) => x.thinking)).toBe(true);
    expect(thinking.some((x) => !x.thinking)).toBe(true);
  });

  it('a computer-only match nobody watches waits between moves; the one a spectator watches does not', async () => {
    // People first (BOT_UNWATCHED_MOVE_DELAY_MS): here the wait is ten minutes, so the unwatched match
    // makes no move at all while the watched one plays on.
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '0', BOT_UNWATCHED_MOVE_DELAY_MS: '600000' });
    const t = server;
    const moves = new Map<string, number>();
    t.server.transport.onMoveCommitted((e) => moves.set(e.matchID, (moves.get(e.matchID) ?? 0) + 1));
    const bots = { germany: 'easy', norway: 'easy', allies: 'easy' } as const;
    const watched = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'basic' }, bots });
    const watcher = gameClient(watched.matchID, null, watched.links.spectator, capturing(t.url, []));
    try {
      await waitFor(() => watcher.getState()?.G, 'the spectator synced');
      const alone = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'basic' }, bots });
      const before = moves.get(watched.matchID) ?? 0;
      await waitFor(() => (moves.get(watched.matchID) ?? 0) >= before + 20, 'the watched match plays on', 120_000);
      expect(moves.get(alone.matchID) ?? 0).toBe(0);
      expect((await serverState(t, alone.matchID)).state._stateID).toBe(0);
    } finally {
      watcher.stop();
    }
  });

  it("hands a human's absent seat to a bot mid-turn; the human takes it back and moves again", async () => {
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '300', HAND_OVER_AFTER_S: '0' });
    const t = server;
    const m = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'basic' }, bots: { allies: 'easy' } });
    expect(m.links.seats.map((s) => s.seat)).toEqual(['germany', 'norway']);
    const link = (seat: string) => m.links.seats.find((s) => s.seat === seat)!.token;
    const ger = await join(t.url, m.matchID, link('germany'), 'Gerda');
    const nor = await join(t.url, m.matchID, link('norway'), 'Nils');
    const norClient = gameClient(m.matchID, '1', nor.credentials, capturing(t.url, []));
    let gerClient = gameClient(m.matchID, '0', ger.credentials, capturing(t.url, []));
    const moves: MoveCommitted[] = [];
    t.server.transport.onMoveCommitted((e) => moves.push(e));
    try {
      await waitFor(() => gerClient.getState()?.G && norClient.getState()?.G, 'both seats synced');
      // Germany makes one move of its first turn (9. April movement), then goes away.
      const first = legalMoves(gerClient.getState()!.G as any, gerClient.getState()!.ctx, '0').find((o) => o.move === 'move')!;
      (gerClient.moves as any)[first.move](...first.args);
      await waitFor(() => moves.length === 1, "Germany's first move");
      expect(moves[0]).toMatchObject({ playerID: '0', by: 'player' });

      // While Germany is connected, its seat cannot be handed over.
      const present = await api(t.url, 'PUT', `/api/matches/${m.matchID}/seats/germany/bot`, {
        token: nor.credentials,
        body: { strength: 'easy' },
      });
      expect(present.status).toBe(409);
      expect(present.json.error.code).toBe('seat_present');

      gerClient.stop();
      await waitFor(async () => !(await lobbyOf(t, m.matchID, nor.credentials)).seats[0].connected, 'Germany shown away');
      const handed = await api(t.url, 'PUT', `/api/matches/${m.matchID}/seats/germany/bot`, {
        token: nor.credentials,
        body: { strength: 'easy' },
      });
      expect(handed.status).toBe(200);
      expect(handed.json.bots.germany).toMatchObject({ strength: 'easy', reason: 'handed' });

      // The bot carries on Germany's turn from where the human left it.
      await waitFor(() => moves.some((e) => e.playerID === '0' && e.by === 'server'), "the bot's first German move", 30_000);

      // Back online, the human may watch but not move while the computer holds the seat.
      const gerMessages: { event: string; args: unknown[] }[] = [];
      gerClient = gameClient(m.matchID, '0', ger.credentials, capturing(t.url, gerMessages as never));
      await waitFor(() => gerClient.getState()?.G, 'Germany synced again');
      const sneak = legalMoves(gerClient.getState()!.G as any, gerClient.getState()!.ctx, '0')[0];
      if (sneak) {
        (gerClient.moves as any)[sneak.move](...sneak.args);
        await waitFor(
          () => gerMessages.find((x) => x.event === 'kon:error' && (x.args[0] as any).code === 'seat_is_computer'),
          'the move refused',
        );
      }
      expect(moves.filter((e) => e.playerID === '0' && e.by === 'player')).toHaveLength(1);

      // Germany's member takes the seat back: from then on no German move is the bot's.
      const back = await api(t.url, 'DELETE', `/api/matches/${m.matchID}/seats/germany/bot`, { token: ger.credentials });
      expect(back.status).toBe(200);
      expect(back.json.bots.germany).toBeUndefined();
      const botMovesAtTakeBack = moves.filter((e) => e.playerID === '0' && e.by === 'server').length;

      // The human plays on: Norway answers whatever window is open, Germany moves.
      const clients: Record<string, typeof gerClient> = { '0': gerClient, '1': norClient };
      let humanGermanMoves = 0;
      for (let i = 0; i < 60 && humanGermanMoves < 2; i++) {
        const s = await serverState(t, m.matchID);
        const pid = Object.keys(s.state.ctx.activePlayers ?? { [s.state.ctx.currentPlayer]: true })[0]!;
        if (pid === '2') {
          await waitFor(async () => (await serverState(t, m.matchID)).state._stateID > s.state._stateID, 'the Allied bot moves', 30_000);
          continue;
        }
        const c = clients[pid]!;
        await waitFor(() => c.getState()?._stateID === s.state._stateID, `seat ${pid} synced`);
        const options = legalMoves(c.getState()!.G as any, c.getState()!.ctx, pid);
        const choice = options.find((o) => o.move === 'pass') ?? options.find((o) => o.move === 'endPhase') ?? options[0]!;
        (c.moves as any)[choice.move](...choice.args);
        await waitFor(async () => (await serverState(t, m.matchID)).state._stateID > s.state._stateID, `${pid} ${choice.move} applied`);
        if (pid === '0') humanGermanMoves++;
      }
      expect(humanGermanMoves).toBe(2);
      const german = moves.filter((e) => e.playerID === '0');
      expect(german.filter((e) => e.by === 'server').length).toBe(botMovesAtTakeBack);
      expect(german.at(-1)).toMatchObject({ by: 'player' });
    } finally {
      gerClient.stop();
      norClient.stop();
    }
  });

  it('refuses bad calls and changes nothing', async () => {
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '0', HAND_OVER_AFTER_S: '0' });
    const t = server;
    const bad = async (body: unknown, code: string) => {
      const r = await api(t.url, 'POST', '/api/matches', { body });
      expect(r.status, JSON.stringify(r.json)).toBe(400);
      expect(JSON.stringify(r.json)).toContain(code);
    };
    await bad({ plan: 'three', bots: { germany: 'hard' } }, 'invalid_body');
    await bad({ plan: 'three', bots: { sweden: 'easy' } }, 'invalid_body');
    await bad({ plan: 'three', bots: { 'norway+allies': 'easy' } }, 'no_such_seat');
    // A strength offered but not built into this server is refused by name, never played as Easy.
    if (!botAvailable('normal', kampenOmNorgeModule)) await bad({ plan: 'three', bots: { norway: 'normal' } }, 'bot_unavailable');

    const m = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const link = (seat: string) => m.links.seats.find((s) => s.seat === seat)!.token;
    const ger = await join(t.url, m.matchID, link('germany'), 'Gerda');
    const nor = await join(t.url, m.matchID, link('norway'), 'Nils');
    const before = await serverState(t, m.matchID);
    const lobbyBefore = (await t.server.storage.fetchLobby(m.matchID))!.lobby;
    const put = (seat: string, token: string | undefined, body: unknown = { strength: 'easy' }) =>
      api(t.url, 'PUT', `/api/matches/${m.matchID}/seats/${seat}/bot`, { ...(token ? { token } : {}), body });
    const del = (seat: string, token: string | undefined) =>
      api(t.url, 'DELETE', `/api/matches/${m.matchID}/seats/${seat}/bot`, token ? { token } : {});
    const expectRefused = async (r: Promise<{ status: number; json: any }>, status: number, code: string) => {
      const res = await r;
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(res.json.error.code).toBe(code);
    };
    await expectRefused(put('allies', undefined), 404, 'not_found'); // no token on a private match
    await expectRefused(put('allies', link('allies')), 403, 'not_a_member'); // a seat link is not a member
    await expectRefused(put('allies', 'member_forged_token_123'), 404, 'not_found');
    await expectRefused(put('germany', ger.credentials), 403, 'own_seat');
    await expectRefused(put('allies', ger.credentials, { strength: 'hard' }), 400, 'invalid_body');
    if (!botAvailable('normal', kampenOmNorgeModule))
      await expectRefused(put('allies', ger.credentials, { strength: 'normal' }), 400, 'bot_unavailable');
    await expectRefused(put('sweden', ger.credentials), 400, 'no_such_seat');
    await expectRefused(put('norway+allies', ger.credentials), 400, 'no_such_seat');
    await expectRefused(del('allies', ger.credentials), 403, 'not_your_seat');
    await expectRefused(del('germany', ger.credentials), 409, 'not_computer_seat');
    await expectRefused(del('germany', undefined), 404, 'not_found');
    // Nobody has taken the Allies yet: the game waits for players, and no seat is handed over.
    await expectRefused(put('allies', nor.credentials), 409, 'not_started');
    expect((await t.server.storage.fetchLobby(m.matchID))!.lobby).toEqual(lobbyBefore);

    // A bot seat: only its own members take it back; nobody hands it over twice. (The Allies' player
    // joins and never connects.)
    await join(t.url, m.matchID, link('allies'), 'Alf');
    const ok = await put('allies', nor.credentials);
    expect(ok.status).toBe(200);
    await expectRefused(put('allies', ger.credentials), 409, 'seat_is_computer');
    await expectRefused(del('allies', nor.credentials), 403, 'not_your_seat');
    expect(((await t.server.storage.fetchLobby(m.matchID))!.lobby as any).bots).toEqual({
      allies: expect.objectContaining({ strength: 'easy', reason: 'handed' }),
    });
    // Nobody moved: it is Germany's turn, and the Allied bot waits for it.
    await sleep(200);
    expect((await serverState(t, m.matchID)).state._stateID).toBe(before.state._stateID);
  });

  it('hands no seat over in the waiting room, nor in the game while its player is here or only just left', async () => {
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '0', HAND_OVER_AFTER_S: '5', RATE_LIMIT_PER_MINUTE: '100000' });
    const t = server;
    // A public match: its creator took Germany and waits on the invite page (no socket); a stranger joins Norway.
    const m = await createMatch(t.url, { plan: 'three', visibility: 'public', setupData: { ruleset: 'basic' } });
    const link = (seat: string) => m.links.seats.find((s) => s.seat === seat)!.token;
    const creator = await join(t.url, m.matchID, link('germany'), 'Greta');
    const joined = await api(t.url, 'POST', `/api/matches/${m.matchID}/join`, { body: { seat: 'norway', name: 'Sam' } });
    expect(joined.status).toBe(201);
    const stranger = joined.json as { credentials: string };
    const put = (seat: string) =>
      api(t.url, 'PUT', `/api/matches/${m.matchID}/seats/${seat}/bot`, { token: stranger.credentials, body: { strength: 'easy' } });
    const storedLobby = async () => (await t.server.storage.fetchLobby(m.matchID))!.lobby as { bots?: Record<string, { reason: string }> };
    const refused = async (seat: string, code: string) => {
      const r = await put(seat);
      expect(r.status, JSON.stringify(r.json)).toBe(409);
      expect(r.json.error.code).toBe(code);
    };

    const waiting = await storedLobby();
    await refused('germany', 'not_started');
    await refused('allies', 'not_started');
    expect(await storedLobby()).toEqual(waiting);
    expect((await lobbyOf(t, m.matchID, stranger.credentials)).seats.map((s: { handOverAt: unknown }) => s.handOverAt)).toEqual([
      null,
      null,
      null,
    ]);

    // The Allies' player joins: the game has begun. Germany's player is here.
    const third = await join(t.url, m.matchID, link('allies'), 'Alf');
    const ger = gameClient(m.matchID, '0', creator.credentials, capturing(t.url, []));
    try {
      await waitFor(async () => (await lobbyOf(t, m.matchID, stranger.credentials)).seats[0].connected, 'Germany shown here');
      await refused('germany', 'seat_present');
      expect((await lobbyOf(t, m.matchID, stranger.credentials)).seats[0].handOverAt).toBeNull();
    } finally {
      ger.stop();
    }
    // Only just gone: refused; the view says from when the seat may be handed over.
    const away = await waitFor(async () => {
      const v = await lobbyOf(t, m.matchID, stranger.credentials);
      return v.seats[0].connected ? undefined : v;
    }, 'Germany shown away');
    await refused('germany', 'seat_away_briefly');
    expect((await storedLobby()).bots).toBeUndefined();
    expect(away.seats[0].handOverAt).toBe(away.seats[0].members[0].awaySince + 5_000);

    // Away the stated time: handed over.
    const handed = await waitFor(
      async () => {
        const r = await put('germany');
        if (r.status !== 200) expect(r.json.error.code).toBe('seat_away_briefly');
        return r.status === 200 ? r : undefined;
      },
      'the hand-over once Germany has been away long enough',
      20_000,
    );
    expect(handed.json.bots.germany).toMatchObject({ strength: 'easy', reason: 'handed' });
    // A seat whose player left the match is free at once.
    expect((await api(t.url, 'DELETE', `/api/matches/${m.matchID}/members/me`, { token: third.credentials })).status).toBeLessThan(300);
    expect((await put('allies')).status).toBe(200);
    expect((await storedLobby()).bots).toMatchObject({ germany: { reason: 'handed' }, allies: { reason: 'handed' } });
  });

  it('a bot match carries on after a restart', async () => {
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '150' });
    const t = server;
    const m = await createMatch(t.url, {
      plan: 'two',
      setupData: { ruleset: 'basic' },
      bots: { germany: 'easy', 'norway+allies': 'easy' },
    });
    await waitFor(async () => (await serverState(t, m.matchID)).state._stateID >= 3, 'a few bot moves', 30_000);
    await t.restart();
    const after = (await serverState(t, m.matchID)).state._stateID;
    await waitFor(async () => (await serverState(t, m.matchID)).state._stateID > after + 2, 'the bots carry on after the restart', 30_000);
  });
});
