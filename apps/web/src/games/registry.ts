/**
 * The games this client can show besides Kampen om Norge (whose page is MatchPage), found by folder:
 * every `games/<folder>/` with an `id.ts` (the game's id, as its module has it) and an `index.ts`
 * (its WebGame, exported as `web`). No list to edit: a new folder is a new game. Each index is a
 * dynamic import, so each game is a chunk of its own that only a match of that game fetches. A game
 * the server hosts but this client does not know opens a page with its seats and messages and no board.
 */
import type { WebGame } from './types';

const ids = import.meta.glob<string>('./*/id.ts', { eager: true, import: 'id' });
const webs = import.meta.glob<WebGame>('./*/index.ts', { import: 'web' });

function byId(): Record<string, () => Promise<WebGame>> {
  const out: Record<string, () => Promise<WebGame>> = {};
  for (const [idFile, id] of Object.entries(ids)) {
    const load = webs[idFile.replace(/id\.ts$/, 'index.ts')];
    if (!load) throw new Error(`${idFile}: the folder has no index.ts exporting its WebGame as web`);
    // zod's eval-based compiler off before a game's package builds its first schema (our CSP refuses
    // eval, and zod's one try at it is reported as a violation): every game gets this for free.
    out[id] = () => import('../game/zod-jitless').then(() => load());
  }
  return out;
}

export const WEB_GAMES: Record<string, () => Promise<WebGame>> = byId();
