import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type SqlStorage } from '../src/storage';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const backends: { name: string; open: () => Promise<{ storage: SqlStorage; reopen: () => Promise<SqlStorage>; cleanup: () => Promise<void> }> }[] = [
  {
    name: 'pglite (embedded)',
    open: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-store-'));
      const cfg = { dataDir, databaseUrl: undefined, databaseSchema: 'public' };
      return {
        storage: await openStorage(cfg),
        reopen: () => openStorage(cfg),
        cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'postgresql',
    open: async () => {
      // A unique schema per run so concurrent runs never collide.
      const cfg = { dataDir: '', databaseUrl: PG_URL, databaseSchema: `kon_test_${randomBytes(5).toString('hex')}` };
      return {
        storage: await openStorage(cfg),
        reopen: () => openStorage(cfg),
        cleanup: async () => {
          const s = await openStorage(cfg);
          await s.dropAll();
          await s.close();
        },
      };
    },
  },
];

const meta = (now: number, extra: Record<string, unknown> = {}) => ({
  gameName: 'kampen-om-norge',
  players: { 0: { id: 0 }, 1: { id: 1 }, 2: { id: 2 } },
  createdAt: now,
  updatedAt: now,
  ...extra,
});
const state = (id: number, G: unknown = { n: id }) =>
  ({ G, ctx: { turn: id, numPlayers: 3 }, plugins: {}, _undo: [], _redo: [], _stateID: id }) as never;

for (const backend of backends) {
  describe(`SqlStorage on ${backend.name}`, () => {
    let h: Awaited<ReturnType<(typeof backends)[number]['open']>>;
    let storage: SqlStorage;
    beforeAll(async () => {
      h = await backend.open();
      storage = h.storage;
    }, 30_000);
    afterAll(async () => {
      await storage?.close();
      await h?.cleanup();
    }, 30_000);

    it('creates, fetches, updates state with log, and lists', async () => {
      const now = Date.now();
      await storage.createMatch('m1', { initialState: state(0), metadata: meta(now) as never });
      await storage.createMatchWithLobby('m2', { initialState: state(0), metadata: meta(now + 1) as never }, { v: 1 }, true);
      const f = await storage.fetch('m1', { state: true, initialState: true, metadata: true, log: true });
      expect(f.state?._stateID).toBe(0);
      expect(f.initialState?._stateID).toBe(0);
      expect(f.metadata?.gameName).toBe('kampen-om-norge');
      expect(f.log).toEqual([]);

      await storage.setState('m1', state(1), [{ action: { type: 'MAKE_MOVE' }, _stateID: 0, turn: 1, phase: 'x' } as never]);
      await storage.setState('m1', state(2), [{ action: { type: 'MAKE_MOVE' }, _stateID: 1, turn: 1, phase: 'x' } as never]);
      // An older state never overwrites a newer one.
      await storage.setState('m1', state(1, { stale: true }));
      const g = await storage.fetch('m1', { state: true, log: true });
      expect(g.state?._stateID).toBe(2);
      expect(g.log).toHaveLength(2);

      expect(await storage.listMatches()).toEqual(['m1', 'm2']);
      expect(await storage.listMatches({ gameName: 'other' })).toEqual([]);
      await storage.setMetadata('m1', meta(now, { updatedAt: now + 10, gameover: { winner: '0' } }) as never);
      expect(await storage.listMatches({ where: { isGameover: true } })).toEqual(['m1']);
      expect(await storage.listMatches({ where: { isGameover: false } })).toEqual(['m2']);
      expect(await storage.listMatches({ where: { updatedAfter: now + 5 } })).toEqual(['m1']);
      expect(await storage.listMatches({ where: { updatedBefore: now + 5 } })).toEqual(['m2']);

      const pub = await storage.listPublic(10);
      expect(pub.map((p) => p.id)).toEqual(['m2']);
      expect(await storage.fetch('missing', { state: true, metadata: true })).toEqual({});

      await storage.wipe('m2');
      expect(await storage.listMatches()).toEqual(['m1']);
    });

    it('keeps matches across a close and reopen', async () => {
      await storage.createMatch('persist', { initialState: state(0), metadata: meta(Date.now()) as never });
      await storage.setState('persist', state(7));
      await storage.close();
      storage = await h.reopen();
      const f = await storage.fetch('persist', { state: true });
      expect(f.state?._stateID).toBe(7);
    }, 30_000);

    it('close() waits for writes that are still under way', async () => {
      await storage.createMatch('drain', { initialState: state(0), metadata: meta(Date.now()) as never });
      const writes = [];
      for (let i = 1; i <= 20; i++) writes.push(storage.setState('drain', state(i)));
      await storage.close();
      await Promise.all(writes);
      storage = await h.reopen();
      expect((await storage.fetch('drain', { state: true })).state?._stateID).toBe(20);
    }, 30_000);
  });
}
