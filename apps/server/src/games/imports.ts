/**
 * Imports every game package's module entry, found through the workspaces (see
 * @kon/platform/game-packages): no list of games here. The production build (scripts/build.mjs)
 * replaces this file by the same imports written out, since the bundle has no workspaces to read.
 */
import { fileURLToPath } from 'node:url';
import { type GamePackage, gamePackages } from '@kon/platform/game-packages';

export interface ImportedGame {
  dir: string;
  marker: GamePackage['marker'];
  exports: Record<string, unknown>;
}

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export async function importGames(): Promise<ImportedGame[]> {
  return Promise.all(
    gamePackages(ROOT).map(async (g) => ({
      dir: g.dir,
      marker: g.marker,
      exports: (await import(g.marker.entry)) as Record<string, unknown>,
    })),
  );
}
