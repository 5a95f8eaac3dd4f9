/**
 * "Your move" messages for Deres uenighet, asked of its module: in a phase of secret orders every
 * seat that must submit is told once (each its own decision); a seat that submits ends only its own;
 * the next step is a new decision for every seat, also the one whose orders ended the step. The
 * webhook receiver is this test's own, on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockMove, type DeresState } from '@kon/deres';
import { api, createMatch, join, serverState, startTestServer, type TestServer } from './helpers';
import { httpReceiver, type Received } from './http-receiver';

let receiver: Awaited<ReturnType<typeof httpReceiver>>;
let hooks: Received[] = [];
let hookUrl = '';
let t: TestServer;
/** A webhook message's text. */
const content = (h: Received) => (JSON.parse(h.body.toString('utf8')) as { content: string }).content;

beforeAll(async () => {
  receiver = await httpReceiver();
  hooks = receiver.received;
  hookUrl = receiver.url;
  t = await startTestServer({ WEBHOOK_TARGETS: 'any', PUBLIC_URL: 'https://kon.example' }, { notifyRetryBaseMs: 20 });
});
afterAll(async () => {
  await t?.stop();
  await receiver.close();
});

describe('Deres uenighet your-move messages', () => {
  it('tells each seat that must submit, once per step, and the last to submit again for the next step', async () => {
    const m = await createMatch(t.url, { game: 'deres-uenighet', plan: 'two' });
    const creds: Record<string, string> = {};
    for (const s of m.links.seats) {
      const member = await join(t.url, m.matchID, s.token, s.seat);
      creds[s.playerIDs[0]!] = member.credentials;
      const lang = s.seat === 'player1' ? 'en' : 'nb';
      const r = await api(t.url, 'PUT', `/api/matches/${m.matchID}/notifications`, {
        token: member.credentials,
        body: { webhookUrl: `${hookUrl}/${s.seat}`, lang },
      });
      expect(r.status).toBe(200);
    }
    const G = async () => (await serverState(t, m.matchID)).state.G as DeresState;
    const submit = async (pid: string, move: string, args: unknown[]) => {
      const out = await t.server.transport.submitMove(m.matchID, pid, { type: move, args }, { by: 'player', credentials: creds[pid]! });
      expect(out.ok, JSON.stringify(out)).toBe(true);
      await t.server.notifications.idle();
    };
    // Nobody is connected: set-up turns are told too (one seat at a time); played through to the orders.
    for (let i = 0; i < 500; i++) {
      const g = await G();
      if (g.setupTurn === null) break;
      const mv = clockMove(g, g.setupTurn)!;
      await submit(g.setupTurn, mv.move, mv.args);
    }
    expect((await G()).phase).toBe('buy');
    await t.server.notifications.idle();
    const told = () => hooks.splice(0).map((h) => h.path);

    // The buy step began with the last set-up action: both seats must submit, both are told.
    const atBuy = hooks.slice(-2).map((h) => h.path);
    expect(atBuy.sort()).toEqual(['/player1', '/player2']);
    expect(content(hooks.at(-1)!)).toContain(`https://kon.example/m/${m.matchID}`);
    const en = content(hooks.filter((h) => h.path === '/player1').at(-1)!);
    expect(en).toContain('Deres uenighet: your move (player 1)');
    const nb = content(hooks.filter((h) => h.path === '/player2').at(-1)!);
    expect(nb).toContain('Det er ditt trekk som spiller 2');
    told();

    // Seat 1 submits: seat 2's decision goes on, nobody is told again.
    await submit('0', 'submitEmpty', [{}]);
    expect(told()).toEqual([]);
    // Seat 2's orders end the step: the move step is a new decision for both, seat 2 included.
    await submit('1', 'submitEmpty', [{}]);
    expect((await G()).phase).toBe('move');
    expect(told().sort()).toEqual(['/player1', '/player2']);
  });
});
