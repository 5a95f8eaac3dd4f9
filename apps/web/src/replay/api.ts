/** The server's API for a match's past and sequel, and the public lobby (apps/server/src/replay-routes.ts, lobby.ts). */
import type { FactionView } from '@kon/game';
import { call, type Joined, type Plan, type Ruleset, type SeatKey, type CreatedMatch } from '../api';

export interface BoardAt {
  entry: number;
  total: number;
  move: number;
  G: FactionView;
}

export interface PublicMatch {
  matchID: string;
  plan: Plan;
  setupData: { ruleset?: string; scenario?: string } | null;
  createdAt: number;
  seats: { seat: SeatKey; playerIDs: string[]; members: string[] }[];
  /** Seats the computer plays: taken, not free. */
  bots?: Partial<Record<SeatKey, { strength: 'easy' | 'normal' }>>;
}

const m = (id: string) => `/api/matches/${encodeURIComponent(id)}`;

export const pastApi = {
  /** The spectators' view of the board right after log entry `entry`. */
  boardAt: (matchID: string, token: string, entry: number) => call<BoardAt>('GET', `${m(matchID)}/board?entry=${entry}`, undefined, token),
  /** A finished game's record (validated by the replay viewer, not here). */
  record: (matchID: string, token: string) => call<unknown>('GET', `${m(matchID)}/record`, undefined, token),
  rematch: (matchID: string, credentials: string) =>
    call<{ matchID: string; links?: CreatedMatch['links'] }>('POST', `${m(matchID)}/rematch`, undefined, credentials),
  /** Public matches not yet over, newest first. */
  publicMatches: () => call<{ matches: PublicMatch[] }>('GET', '/api/matches').then((r) => r.matches),
  createPublic: (plan: Plan, ruleset: Ruleset, scenario?: string) =>
    call<CreatedMatch>('POST', '/api/matches', { plan, visibility: 'public', setupData: scenario ? { scenario } : { ruleset } }),
  /** Take a free seat of a public match. */
  joinPublic: (matchID: string, seat: SeatKey, name: string) => call<Joined>('POST', `${m(matchID)}/join`, { seat, name }),
};
