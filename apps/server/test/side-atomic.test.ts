/**
 * The side records' atomic operations, on both stores: takeSide (delete-returning) hands a record to
 * exactly one of the callers racing for it, and swapSide (compare-and-set) writes only over the record
 * its caller read. Two store instances on one database stand for two server processes. The PostgreSQL
 * half is skipped when PostgreSQL is not running here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type SqlStorage } from '../src/storage';
import { dropSchema } from './child-server';
import { needs, PG_URL } from './services';

type Config = { dataDir: string; databaseUrl: string | undefined; databaseSchema: string };

const pg = await needs('postgres');
const backends: { name: string; skip: boolean; config: () => Config; cleanup: (cfg: Config) => Promise<void> }[] = [
  {
    name: 'sqlite (embedded)',
    skip: false,
    config: () => ({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'kon-side-')), databaseUrl: undefined, databaseSchema: 'public' }),
    cleanup: async (cfg) => fs.rmSync(cfg.dataDir, { recursive: true, force: true }),
  },
  {
    name: 'postgresql',
    skip: !pg,
    config: () => ({ dataDir: '', databaseUrl: PG_URL, databaseSchema: `kon_side_${randomBytes(5).toString('hex')}` }),
    cleanup: (cfg) => dropSchema(cfg.databaseSchema),
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`atomic side records on ${backend.name}`, () => {
    let cfg: Config;
    let a: SqlStorage;
    let b: SqlStorage;
    beforeAll(async () => {
      cfg = backend.config();
      a = await openStorage(cfg);
      b = await openStorage(cfg);
    }, 30_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await backend.cleanup(cfg);
    }, 30_000);

    it('takeSide answers the record and deletes it; later takes and reads find nothing', async () => {
      await a.putSide('', 'code', 'k1', { playerId: 'p', expiresAt: 5 });
      await a.putSide('', 'code', 'k2', { other: true });
      expect(await b.takeSide('', 'code', 'k1')).toEqual({ playerId: 'p', expiresAt: 5 });
      expect(await a.takeSide('', 'code', 'k1')).toBeUndefined();
      expect(await a.getSide('', 'code', 'k1')).toBeUndefined();
      // Only that record: its neighbour is untouched.
      expect(await b.getSide('', 'code', 'k2')).toEqual({ other: true });
      expect(await b.takeSide('', 'code', 'never')).toBeUndefined();
    });

    it('takeSide raced by 20 callers on two connections: exactly one gets the record', async () => {
      for (let round = 0; round < 5; round++) {
        const key = `race-${round}`;
        await a.putSide('', 'code', key, { round });
        const got = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).takeSide('', 'code', key)));
        expect(got.filter((g) => g !== undefined)).toEqual([{ round }]);
      }
    });

    it('swapSide writes only over the record its caller read, creates only what is absent, deletes only what it read', async () => {
      // Absent expected: creates once.
      expect(await a.swapSide('m', 'rec', 'x', undefined, { version: 1, devices: ['d1'], blob: null })).toBe(true);
      expect(await b.swapSide('m', 'rec', 'x', undefined, { version: 9 })).toBe(false);
      const read = await b.getSide('m', 'rec', 'x');
      expect(read).toEqual({ version: 1, devices: ['d1'], blob: null });
      // Over what was read (as the store gave it back): written.
      expect(await b.swapSide('m', 'rec', 'x', read, { version: 2, devices: ['d1'], blob: 'B' })).toBe(true);
      // Over the old read again (another write came first): refused, the newer record stays.
      expect(await a.swapSide('m', 'rec', 'x', read, { version: 2, devices: ['d1'], blob: 'A' })).toBe(false);
      expect(await a.getSide('m', 'rec', 'x')).toEqual({ version: 2, devices: ['d1'], blob: 'B' });
      // A delete over a stale read is refused; over the current one it deletes.
      expect(await a.swapSide('m', 'rec', 'x', read, null)).toBe(false);
      expect(await a.swapSide('m', 'rec', 'x', await a.getSide('m', 'rec', 'x'), null)).toBe(true);
      expect(await b.getSide('m', 'rec', 'x')).toBeUndefined();
      // "Still absent" holds only while nothing is there.
      expect(await b.swapSide('m', 'rec', 'x', undefined, null)).toBe(true);
      await b.putSide('m', 'rec', 'x', { version: 3 });
      expect(await b.swapSide('m', 'rec', 'x', undefined, null)).toBe(false);
      // Another match's record of the same kind and key is another record.
      expect(await a.swapSide('m2', 'rec', 'x', undefined, { version: 1 })).toBe(true);
      expect(await a.getSide('m', 'rec', 'x')).toEqual({ version: 3 });
    });

    it('swapSide raced from one read on two connections: one write wins; read-swap-retry loses no increment', async () => {
      await a.putSide('', 'counter', 'race', { n: 0, note: 'a long enough text to be compared whole' });
      const read = await a.getSide('', 'counter', 'race');
      const wins = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).swapSide('', 'counter', 'race', read, { n: i + 1 })),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await b.getSide('', 'counter', 'race')).toEqual({ n: wins.indexOf(true) + 1 });

      await a.putSide('', 'counter', 'sum', { n: 0, by: [] });
      const increment = async (s: SqlStorage, who: string) => {
        for (;;) {
          const cur = (await s.getSide('', 'counter', 'sum')) as { n: number; by: string[] };
          if (await s.swapSide('', 'counter', 'sum', cur, { n: cur.n + 1, by: [...cur.by, who] })) return;
        }
      };
      await Promise.all(Array.from({ length: 30 }, (_, i) => increment(i % 2 ? a : b, `c${i}`)));
      const sum = (await a.getSide('', 'counter', 'sum')) as { n: number; by: string[] };
      expect(sum.n).toBe(30);
      expect(new Set(sum.by).size).toBe(30);
    });
  });
}
