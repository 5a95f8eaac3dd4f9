/** The server's API for a match's past and sequel, and the public lobby (apps/server/src/matches/replay-routes.ts, lobby.ts). */
import type { FactionView } from '@kon/game';
import type { z } from 'zod';
import type { boardAt, gameRecord, PublicMatch, rematchResponse } from '@kon/protocol';
import { call, type Joined, type Plan, type Ruleset, type SeatKey, type CreatedMatch } from '../api';

/** The board at a log entry (the protocol's boardAt), its `G` the game's spectator view. */
export type BoardAt = Omit<z.infer<typeof boardAt>, 'G'> & { G: FactionView };
export type { PublicMatch };

const m = (id: string) => `/api/matches/${encodeURIComponent(id)}`;

export const pastApi = {
  /** The spectators' view of the board right after log entry `entry`. */
  boardAt: (matchID: string, token: string, entry: number) => call<BoardAt>('GET', `${m(matchID)}/board?entry=${entry}`, undefined, token),
  /** A finished game's record (validated by the replay viewer, not here). */
  record: (matchID: string, token: string) => call<z.infer<typeof gameRecord>>('GET', `${m(matchID)}/record`, undefined, token),
  rematch: (matchID: string, credentials: string) =>
    call<z.infer<typeof rematchResponse>>('POST', `${m(matchID)}/rematch`, undefined, credentials),
  /** Public matches not yet over, newest first. */
  publicMatches: () => call<{ matches: PublicMatch[] }>('GET', '/api/matches').then((r) => r.matches),
  createPublic: (plan: Plan, ruleset: Ruleset, scenario?: string) =>
    call<CreatedMatch>('POST', '/api/matches', { plan, visibility: 'public', setupData: scenario ? { scenario } : { ruleset } }),
  /** Take a free seat of a public match. */
  joinPublic: (matchID: string, seat: SeatKey, name: string) => call<Joined>('POST', `${m(matchID)}/join`, { seat, name }),
};
