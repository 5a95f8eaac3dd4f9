/**
 * docs/adding-a-game.md's example game, taken from the page itself: added to a temporary copy of the
 * repository it touches only its own two folders and every reader of the game list finds it; the
 * module fuzzer passes it; and the server plays it through its sockets, never showing a hand to
 * anyone else, and refusing a card not in hand with nothing changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameModule, GameRegistry } from '@kon/platform';
import { fuzzModule } from '@kon/platform/fuzz';
import { gamePackages, workspaces } from '@kon/platform/game-packages';
import { kampenOmNorgeModule, loadScenarioFiles } from '@kon/game';
import { connected, createMatch, join, startTestServer, waitFor, type TestServer } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const GUIDE = path.join(ROOT, 'docs/adding-a-game.md');

/** The guide's files: each fenced block whose info string names `file=<path>`. */
function guideFiles(): Map<string, string> {
  const text = fs.readFileSync(GUIDE, 'utf8');
  const files = new Map<string, string>();
  for (const m of text.matchAll(/```\w+ file=(\S+)\n([\s\S]*?)\n```/g)) files.set(m[1]!, `${m[2]}\n`);
  return files;
}

/** Every file under dir (relative, forward slashes) with its text, node_modules left out. */
function tree(dir: string, base = dir): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) for (const [k, v] of tree(p, base)) out.set(k, v);
    else out.set(path.relative(base, p).split(path.sep).join('/'), fs.readFileSync(p, 'utf8'));
  }
  return out;
}

let copy: string;
let highCard: GameModule;
type HighCardState = { hands: Record<string, string[]>; played: Record<string, string[]> };

beforeAll(async () => {
  // A temporary copy of what the game lists are read from: the root manifest, every workspace's
  // manifest, the Dockerfile, the web client's games folder; node_modules linked, not copied.
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-add-a-game-'));
  for (const f of ['package.json', 'Dockerfile', ...workspaces(ROOT).map((w) => `${w.dir}/package.json`)]) {
    fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(copy, f));
  }
  fs.cpSync(path.join(ROOT, 'apps/web/src/games'), path.join(copy, 'apps/web/src/games'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
}, 60_000);
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe("the guide's example game", () => {
  it('touches only its own two folders, and every list of games has it', async () => {
    const before = tree(copy);
    const files = guideFiles();
    expect([...files.keys()].sort()).toEqual([
      'apps/web/src/games/high-card/id.ts',
      'apps/web/src/games/high-card/index.ts',
      'packages/high-card/package.json',
      'packages/high-card/src/module.ts',
      'packages/high-card/test/fuzz.test.ts',
    ]);
    for (const [f, text] of files) {
      fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
      fs.writeFileSync(path.join(copy, f), text);
    }
    const after = tree(copy);
    const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f));
    expect(changed.filter((f) => !f.startsWith('packages/high-card/') && !f.startsWith('apps/web/src/games/high-card/'))).toEqual([]);
    expect([...before.keys()].filter((f) => !after.has(f))).toEqual([]);

    // The server and its build: the game packages, Kampen om Norge still the default.
    expect(gamePackages(copy).map((g) => [g.dir, g.marker.entry])).toEqual([
      ['packages/game', '@kon/game'],
      ['packages/deres', '@kon/deres/module'],
      ['packages/high-card', '@kon/high-card/module'],
    ]);
    // The test projects (a package's test folder) and the image (the workspaces' globs).
    expect(fs.existsSync(path.join(copy, 'packages/high-card/test'))).toBe(true);
    expect(workspaces(copy).map((w) => w.dir)).toContain('packages/high-card');
    // The web client: a games/<folder>/ with id.ts and index.ts, as registry.ts globs them.
    const web = fs.readdirSync(path.join(copy, 'apps/web/src/games'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(
      web
        .filter((e) => ['id.ts', 'index.ts'].every((f) => fs.existsSync(path.join(copy, 'apps/web/src/games', e.name, f))))
        .map((e) => e.name),
    ).toContain('high-card');

    highCard = ((await import(path.join(copy, 'packages/high-card/src/module.ts'))) as { highCardModule: GameModule }).highCardModule;
    expect(highCard.id).toBe('high-card');
  });

  it('passes the module fuzzer, and the fuzzer catches a view that shows a hand', () => {
    const secrets = (G: HighCardState, viewer: string | null) =>
      Object.entries(G.hands).flatMap(([seat, hand]) => (seat === viewer ? [] : hand));
    for (const plan of ['two', 'four']) {
      const report = fuzzModule(highCard, { games: 20, maxMoves: 20, plan, secrets });
      expect(report).toEqual({ games: 20, finished: 20, moves: 20 * (plan === 'two' ? 6 : 12) });
    }
    const leaky: GameModule = { ...highCard, view: (G) => G, game: { ...highCard.game, playerView: ({ G }) => G } };
    expect(() => fuzzModule(leaky, { games: 1, maxMoves: 20, secrets })).toThrow(/seat 0's view shows "card-\d\d"/);
  });

  describe('through the server and its sockets', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({}, { games: { registry: new GameRegistry([kampenOmNorgeModule, highCard]), loadScenarioFiles } });
    }, 60_000);
    afterAll(async () => t?.stop());

    it('plays a whole game; no socket ever carries a card of a hand not its own; a refusal changes nothing', async () => {
      const m = await createMatch(t.url, { game: 'high-card', plan: 'three' });
      const members = await Promise.all(m.links.seats.map((s, i) => join(t.url, m.matchID, s.token, `P${i}`)));
      const viewers: (string | null)[] = ['0', '1', '2', null];
      const sockets = await Promise.all(
        viewers.map(async (pid) => {
          const socket: Socket = ioClient(`${t.url}/high-card`, { forceNew: true, reconnection: false });
          const raw: string[] = [];
          const received: { event: string; args: unknown[] }[] = [];
          socket.onAny((event: string, ...args: unknown[]) => {
            received.push({ event, args });
            raw.push(JSON.stringify(args));
          });
          await connected(socket);
          socket.emit('sync', m.matchID, pid, pid === null ? m.links.spectator : members[Number(pid)]!.credentials, 3);
          await waitFor(() => received.find((r) => r.event === 'sync'), `${pid}'s sync`);
          return { pid, socket, raw, received };
        }),
      );
      const state = async () => (await t.server.transport.currentState(m.matchID))!;
      const send = (pid: string, type: string, args: unknown[], stateID: number) =>
        sockets[Number(pid)]!.socket.emit(
          'update',
          { type: 'MAKE_MOVE', payload: { type, args, playerID: pid, credentials: members[Number(pid)]!.credentials } },
          stateID,
          m.matchID,
          pid,
        );
      const checkNoLeak = (G: HighCardState) => {
        for (const s of sockets)
          for (const [seat, hand] of Object.entries(G.hands))
            if (seat !== s.pid)
              for (const card of hand) expect(s.raw.join('\n'), `${s.pid ?? 'spectator'} saw ${card}`).not.toContain(card);
      };

      // A card not in hand: refused with the game's code, nothing stored, nothing sent to anyone.
      const first = await state();
      const mover = first.ctx.currentPlayer;
      const other = (first.G as HighCardState).hands[String((Number(mover) + 1) % 3)]![0]!;
      send(mover, 'play', [{ card: other }], first._stateID);
      const refusal = await waitFor(() => sockets[Number(mover)]!.received.find((r) => r.event === 'kon:error'), 'the refusal');
      expect(refusal.args[0]).toMatchObject({ code: 'illegal_move', rule: 'not_in_hand' });
      expect(await state()).toEqual(first);

      for (let n = 0; n < 9; n++) {
        const s = await state();
        checkNoLeak(s.G as HighCardState);
        const pid = s.ctx.currentPlayer;
        const [move] = highCard.legalMoves(highCard.view(s.G, pid), s.ctx, pid);
        send(pid, move!.move, move!.args, s._stateID);
        await waitFor(async () => (await state())._stateID > s._stateID, `move ${n}`);
        const next = (await state())._stateID;
        await waitFor(
          () =>
            sockets.every((x) =>
              x.received.some((r) => (r.event === 'update' || r.event === 'patch') && JSON.stringify(r.args).includes(`${next}`)),
            ),
          `move ${n} to reach every socket`,
        );
      }
      const end = await state();
      expect(end.ctx.gameover).toBeDefined();
      expect(Object.values((end.G as HighCardState).hands).flat()).toEqual([]);
      for (const s of sockets) s.socket.close();
    }, 120_000);
  });
});
