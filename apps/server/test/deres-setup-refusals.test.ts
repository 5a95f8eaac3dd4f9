/**
 * A Deres set-up its game would refuse (issue 36): checked against the plan's seats before the match
 * is made, and any refusal the game throws at creation is the client's 400, never a 500.
 */
import { GameRegistry, type GameModule } from '@kon/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGames } from '../src/app';
import { api, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

const deres = (plan: string, setupData: unknown) => ({ game: 'deres-uenighet', plan, setupData });

describe('a Deres set-up the game refuses', () => {
  it('is a 400 naming setupData.nations, and no match is made', async () => {
    const before = (await t.server.storage.listMatches()).length;
    for (const body of [
      deres('three', { nations: { '0': 'gul', '1': 'gul' } }),
      deres('three', { nations: { '0': 'gul', '1': 'rod', '2': 'gul' } }),
      deres('three', { nations: {} }),
      // A preset for a seat the plan lacks.
      deres('two', { nations: { '0': 'gul', '1': 'rod', '2': 'lilla' } }),
      deres('two', { nations: { '0': 'gul', '7': 'rod' } }),
    ]) {
      const r = await api(t.url, 'POST', '/api/matches', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.code).toBe('invalid_body');
      expect(r.json.error.issues.map((i: { path: string }) => i.path)).toContain('setupData.nations');
    }
    expect((await t.server.storage.listMatches()).length).toBe(before);
    // A whole preset is fine.
    const ok = await api(t.url, 'POST', '/api/matches', { body: deres('two', { nations: { '0': 'gul', '1': 'rod' } }) });
    expect(ok.status).toBe(201);
  });

  it('is a 400, not a 500, when only the game itself refuses it at creation', async () => {
    // The module without its set-up check: the game's own set-up throws its RuleError.
    const { registry } = await loadGames();
    const unchecked = registry.all.map((m) => {
      if (m.id !== 'deres-uenighet') return m;
      const { validateSetup: _dropped, ...rest } = m;
      return rest as GameModule;
    });
    const bare = await startTestServer({}, { games: { registry: new GameRegistry(unchecked) } });
    try {
      const r = await api(bare.url, 'POST', '/api/matches', { body: deres('three', { nations: { '0': 'gul', '1': 'gul' } }) });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('invalid_body');
      expect(r.json.error.issues[0].path).toBe('setupData');
      expect(await bare.server.storage.listMatches()).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});
