import { describe, expect, it } from 'vitest';
import { WEB_GAMES } from '../src/games/registry';

describe('the web games, found by folder', () => {
  it("each open as their module's game, under the id the folder names", async () => {
    expect(Object.keys(WEB_GAMES)).toContain('deres-uenighet');
    for (const [id, load] of Object.entries(WEB_GAMES)) {
      const web = await load();
      expect(web.module.id, id).toBe(id);
    }
  }, 60_000); // loads every game's board and rules
});
