// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The automatic pass over the real server, a person's seat against computer seats: in the basic game,
 * the advanced game (9. April and naval windows) and Scenario 1 (Narvik's empty Reinforcements phase),
 * every pass the server makes for the person is the one legal action of a forced window, every
 * window with a choice waits for the person, and the forced windows go by without a click.
 */
import { actor, onlyPass, legalActions, PLAYER_OF_FACTION, type Faction, type GameState } from '@kon/game';
import { easyBot, seededRng } from '@kon/game/bots';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoveCommitted } from '../src/transport';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, capturing, createMatch, gameClient, join, serverState, startTestServer, waitFor, type TestServer } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Windows in the other side's movement where a card may answer, and the combat's card windows. */
const REACTION = /^(submarine|sabotage|engineers|paratroopers|evacuate)$/;
const COMBAT = /^(attackerCards|defenderCards|counter)$/;

interface Auto {
  stage: string;
  type: string;
}

/**
 * Play `human` by hand (Easy's choice, sent from its client) while the computer plays the others;
 * forced windows are left to the server. Stops when `enough` says so or the game ends.
 */
async function playAsPerson(setupData: Record<string, unknown>, human: Faction, enough: (autos: Auto[]) => boolean, maxDecisions = 400) {
  server = await startTestServer({ BOT_MOVE_DELAY_MS: '0', AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0', SOCKET_MESSAGES_PER_10S: '100000' });
  const t = server;
  const others = (['germany', 'norway', 'allies'] as const).filter((f) => f !== human);
  const m = await createMatch(t.url, { plan: 'three', setupData, bots: Object.fromEntries(others.map((f) => [f, 'easy'])) });
  const pid = PLAYER_OF_FACTION[human];
  const me = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Person');
  expect(me.playerIDs).toEqual([pid]);

  // Each committed move with the state it was made in.
  let last = (await t.server.transport.currentState(m.matchID))!;
  const moves: { e: MoveCommitted; before: GameState }[] = [];
  t.server.transport.onMoveCommitted((e) => {
    if (e.matchID !== m.matchID) return;
    moves.push({ e, before: last.G as GameState });
    last = e.state;
  });
  const client = gameClient(m.matchID, pid, me.credentials, capturing(t.url, []));
  const rng = seededRng(5);
  let decisions = 0;
  try {
    while (decisions < maxDecisions) {
      const autos = moves
        .filter((x) => x.e.by === 'server' && x.e.playerID === pid)
        .map((x) => ({ stage: actor(x.before)!.stage, type: x.e.move.type }));
      if (enough(autos)) break;
      const s = (await t.server.transport.currentState(m.matchID))!;
      const G = s.G as GameState;
      if (G.result) break;
      const who = actor(G)!;
      const moved = () => t.server.transport.currentState(m.matchID).then((x) => x!._stateID > s._stateID);
      if (who.faction !== human || onlyPass(G, human)) {
        await waitFor(moved, 'the computer or the automatic pass', 30_000);
        continue;
      }
      decisions++;
      await waitFor(() => client.getState()?._stateID === s._stateID, 'the person sees the state');
      const view = client.getState()!.G as never;
      const pick = easyBot({ view, legal: legalActions(view, human), rng });
      (client.moves as any)[pick.type](pick.args);
      await waitFor(moved, `the person's ${pick.type}`, 30_000);
    }
  } finally {
    client.stop();
  }
  const mine = moves.filter((x) => x.e.playerID === pid);
  return { moves: mine, autos: mine.filter((x) => x.e.by === 'server'), decisions };
}

/** Every move the server made for the person was the forced window's one pass; every other was the person's. */
function expectOnlyForcedPasses(moves: { e: MoveCommitted; before: GameState }[], human: Faction) {
  for (const { e, before } of moves) {
    const forced = onlyPass(before, human);
    if (e.by === 'server') expect({ type: forced?.type, args: [forced?.args] }).toEqual(e.move);
    else expect(forced, `a person's ${e.move.type} in a forced window`).toBeNull();
  }
}

/** Play `faction` by hand (Easy's choices) while the computer plays the others, up to a window where passing is all it can do; its state ID. */
async function untilForced(t: TestServer, matchID: string, client: ReturnType<typeof gameClient>, faction: Faction): Promise<number> {
  const rng = seededRng(3);
  for (let i = 0; i < 200; i++) {
    const s = (await t.server.transport.currentState(matchID))!;
    const G = s.G as GameState;
    const who = actor(G)!;
    const moved = () => t.server.transport.currentState(matchID).then((x) => x!._stateID > s._stateID);
    if (who.faction !== faction) {
      await waitFor(moved, 'the computer', 30_000);
      continue;
    }
    if (onlyPass(G, faction)) return s._stateID;
    await waitFor(() => client.getState()?._stateID === s._stateID, 'synced');
    const view = client.getState()!.G as never;
    const pick = easyBot({ view, legal: legalActions(view, faction), rng });
    (client.moves as any)[pick.type](pick.args);
    await waitFor(moved, 'the move', 30_000);
  }
  throw new Error('no forced window');
}

describe('automatic passes in play', () => {
  it('basic game: the Allies are passed in reaction windows, combat card windows and phases with nothing to do, never where they can choose', async () => {
    const kinds = (a: Auto[]) => ({
      reaction: a.some((x) => x.type === 'pass' && REACTION.test(x.stage)),
      combat: a.some((x) => x.type === 'pass' && COMBAT.test(x.stage)),
      phase: a.some((x) => x.type === 'endPhase'),
    });
    const { moves, autos } = await playAsPerson({ ruleset: 'basic' }, 'allies', (a) => Object.values(kinds(a)).every(Boolean));
    expectOnlyForcedPasses(moves, 'allies');
    expect(kinds(autos.map((x) => ({ stage: actor(x.before)!.stage, type: x.e.move.type })))).toEqual({
      reaction: true,
      combat: true,
      phase: true,
    });
  });

  it('advanced game: 9. April windows and naval card windows with nothing to play are passed for the Allies', async () => {
    const kinds = (a: Auto[]) => ({
      april9: a.some((x) => x.stage.startsWith('april9')),
      naval: a.some((x) => x.stage.startsWith('naval')),
    });
    const { moves, autos } = await playAsPerson({ ruleset: 'advanced' }, 'allies', (a) => Object.values(kinds(a)).every(Boolean));
    expectOnlyForcedPasses(moves, 'allies');
    expect(kinds(autos.map((x) => ({ stage: actor(x.before)!.stage, type: x.e.move.type })))).toEqual({ april9: true, naval: true });
  });

  it("Narvik: Germany's empty Reinforcements phase ends without a click", async () => {
    const { moves, autos } = await playAsPerson({ scenario: 'narvik' }, 'germany', (a) =>
      a.some((x) => x.stage === 'reinforcement' && x.type === 'endPhase'),
    );
    expectOnlyForcedPasses(moves, 'germany');
    expect(autos.some((x) => actor(x.before)!.stage === 'reinforcement' && x.e.move.type === 'endPhase')).toBe(true);
  });

  // A measurement, not a check: AUTOPASS_MEASURE=1 plays whole solo games (Germany against two Easy
  // computer sides) and prints the decisions a person faced and the passes the server made instead.
  it.skipIf(!process.env.AUTOPASS_MEASURE)(
    'measure: a solo game as Germany',
    async () => {
      for (const setupData of [{ ruleset: 'basic' }, { ruleset: 'advanced' }, { scenario: 'narvik' }]) {
        const { autos, decisions } = await playAsPerson(setupData, 'germany', () => false, 5000);
        const byStage = new Map<string, number>();
        for (const a of autos) byStage.set(actor(a.before)!.stage, (byStage.get(actor(a.before)!.stage) ?? 0) + 1);
        console.log(
          `${JSON.stringify(setupData)}: Germany clicked ${decisions} decisions, the server passed ${autos.length} (${[...byStage].map(([k, v]) => `${k} ${v}`).join(', ')})`,
        );
        await server?.stop();
        server = undefined;
      }
    },
    600_000,
  );

  it('a seat that turned passing off is not passed; turned on again, its open window is', async () => {
    server = await startTestServer({ BOT_MOVE_DELAY_MS: '0', AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0' });
    const t = server;
    const m = await createMatch(t.url, { plan: 'three', setupData: { scenario: 'narvik' }, bots: { norway: 'easy', allies: 'easy' } });
    const me = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Person');
    const off = await api(t.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: me.credentials, body: { on: false } });
    expect(off.json).toEqual({ on: false, available: true, skips: [] });
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/autopass`, { token: me.credentials })).json).toEqual({
      on: false,
      available: true,
      skips: [],
    });
    // A body that asks for nothing is refused.
    expect((await api(t.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: me.credentials, body: {} })).status).toBe(400);
    // Only a member of the seat may read or set it.
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/autopass`, { token: m.links.spectator })).status).toBe(403);
    expect((await api(t.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: me.credentials, body: { on: 'no' } })).status).toBe(400);

    // Germany plays its Narvik turn by hand until a window where passing is all it can do.
    const client = gameClient(m.matchID, '0', me.credentials, capturing(t.url, []));
    try {
      const forcedAt = await untilForced(t, m.matchID, client, 'germany');
      // Passing is off: the window stays open (the delay is 0, so a pass would have been armed at once).
      await new Promise((r) => setTimeout(r, 300));
      expect((await t.server.transport.currentState(m.matchID))!._stateID).toBe(forcedAt);
      const on = await api(t.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: me.credentials, body: { on: true } });
      expect(on.json).toEqual({ on: true, available: true, skips: [] });
      await waitFor(async () => (await t.server.transport.currentState(m.matchID))!._stateID > forcedAt, 'the pass once the switch is on');
    } finally {
      client.stop();
    }
  });

  it('a server with automatic passing off (AUTOPASS=off) says so, and the switch cannot be set', async () => {
    server = await startTestServer({ AUTOPASS: 'off' });
    const t = server;
    const m = await createMatch(t.url, { plan: 'three', setupData: { ruleset: 'basic' } });
    const me = await join(t.url, m.matchID, m.links.seats[0]!.token, 'Person');
    expect((await api(t.url, 'GET', `/api/matches/${m.matchID}/autopass`, { token: me.credentials })).json).toEqual({
      on: false,
      available: false,
      skips: [],
    });
    const put = await api(t.url, 'PUT', `/api/matches/${m.matchID}/autopass`, { token: me.credentials, body: { on: true } });
    expect(put.status).toBe(409);
    expect(put.json.error.code).toBe('autopass_off');
  });

  it('a forced window left open when the server stopped is passed after it starts again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-autopass-'));
    try {
      // Played on a server that passes for nobody, stopped in a forced window.
      server = await startTestServer({ BOT_MOVE_DELAY_MS: '0' }, { dataDir: dir });
      const m = await createMatch(server.url, {
        plan: 'three',
        setupData: { scenario: 'narvik' },
        bots: { norway: 'easy', allies: 'easy' },
      });
      const me = await join(server.url, m.matchID, m.links.seats[0]!.token, 'Person');
      const client = gameClient(m.matchID, '0', me.credentials, capturing(server.url, []));
      const forcedAt = await untilForced(server, m.matchID, client, 'germany');
      client.stop();
      await server.stop({ keepData: true });
      server = undefined;
      // Started again with automatic passing: the open window is found and passed.
      server = await startTestServer({ BOT_MOVE_DELAY_MS: '0', AUTOPASS: 'on', AUTOPASS_DELAY_MS: '0' }, { dataDir: dir });
      const t = server;
      await waitFor(async () => (await t.server.transport.currentState(m.matchID))!._stateID > forcedAt, 'the pass after the restart');
      const { log } = await serverState(t, m.matchID);
      expect(log.find((l: { _stateID: number }) => l._stateID === forcedAt).action.payload).toMatchObject({ playerID: '0' });
    } finally {
      await server?.stop();
      server = undefined;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
