/**
 * The record of a finished game (GET /api/matches/:id/record, and files a player downloads and opens
 * again): strict enough to check a file opened by hand before anything is replayed. Its own entry
 * point (`@kon/protocol/record`), so the replay page builds this schema alone.
 */
import { z } from 'zod';

const plainArgs = z.array(z.unknown()).max(16);

export const gameRecord = z.object({
  format: z.literal('kampen-om-norge/record'),
  version: z.literal(1),
  matchID: z.string().max(64),
  plan: z.enum(['three', 'two', 'teams']),
  /** The set-up the match was created with (a scenario with its whole definition). */
  setupData: z.record(z.string(), z.unknown()),
  /** boardgame.io's PRNG seed: with it the set-up's shuffles and every die come out the same. */
  seed: z.union([z.string().max(200), z.number()]),
  moves: z.array(z.object({ playerID: z.enum(['0', '1', '2']), move: z.string().min(1).max(64), args: plainArgs })).max(100_000),
  /** How the game ended, for the replaying side to check it arrives at the same end. */
  result: z.unknown(),
  finishedAt: z.number(),
});
export type GameRecord = z.infer<typeof gameRecord>;
