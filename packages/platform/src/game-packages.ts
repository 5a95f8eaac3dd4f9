/**
 * The one list of games: every workspace whose package.json carries a `konGame` field. The server's
 * loader, its production build, the test configuration and the Docker image all read the workspaces
 * through this (the web client finds its game folders itself, by Vite's glob), so adding a game is
 * adding its folders. Node-only (it reads the file system): the web client never imports it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The `konGame` field: where the game's GameModule is exported. */
export const gameMarkerSchema = z
  .object({
    /** The import specifier of the module entry, e.g. "@kon/deres/module". */
    entry: z.string().min(1),
    /** The name it exports the GameModule under. */
    export: z.string().min(1),
    /** The game a request that names none gets (exactly one game says so). */
    default: z.boolean().optional(),
  })
  .strict();

export interface Workspace {
  /** Relative to the repository's root, with forward slashes: "packages/deres". */
  dir: string;
  name: string;
  manifest: Record<string, unknown>;
}

export interface GamePackage extends Workspace {
  marker: z.infer<typeof gameMarkerSchema>;
}

/** The workspaces the root package.json names ("packages/*" and the like: one trailing star at most). */
export function workspaces(root: string): Workspace[] {
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
  const dirs = (rootManifest.workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${parent}/${e.name}`)
      .sort();
  });
  return dirs
    .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      return { dir, name: String(manifest.name), manifest };
    });
}

/** The game workspaces, the default game first, then by folder. Throws on a malformed marker, naming the folder. */
export function gamePackages(root: string): GamePackage[] {
  const games = workspaces(root)
    .filter((w) => w.manifest.konGame !== undefined)
    .map((w) => {
      const parsed = gameMarkerSchema.safeParse(w.manifest.konGame);
      if (!parsed.success)
        throw new Error(`${w.dir}/package.json: konGame ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return { ...w, marker: parsed.data };
    });
  const defaults = games.filter((g) => g.marker.default);
  if (games.length > 0 && defaults.length !== 1)
    throw new Error(
      `exactly one game package must say "default": true in konGame (found ${defaults.map((g) => g.dir).join(', ') || 'none'})`,
    );
  return games.sort((a, b) => Number(!!b.marker.default) - Number(!!a.marker.default) || a.dir.localeCompare(b.dir));
}
