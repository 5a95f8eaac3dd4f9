/**
 * "My matches": a short status of several matches at once, for the browser that holds a seat in each
 * (the home page lists them). Each entry needs that member's own credentials and answers only what
 * every seat of the match sees anyway: whose move it is, the round, whether and how it ended.
 */
import type { State } from 'boardgame.io';
import type { z } from 'zod';
import { MAX_STATUS_MATCHES, myMatchesRequest } from '@kon/protocol';
import type { Lobby } from './lobby';

export { MAX_STATUS_MATCHES };

/** POST /api/my-matches (the protocol's request). */
export const statusBody = myMatchesRequest;

export type MatchStatus =
  | {
      matchID: string;
      found: true;
      seat: string;
      playerIDs: string[];
      plan: string;
      setupData: unknown;
      updatedAt: number;
      /** The playerIDs that must act now (the turn's player, or whoever has a reaction window open). */
      toMove: string[];
      yourMove: boolean;
      round: number | null;
      finished: boolean;
      winner: string | null;
      /** The match's clock as the clock service shows it when it runs, else its settings from the lobby view. */
      clock?: unknown;
    }
  | { matchID: string; found: false };

/** Who acts in a boardgame.io state: the active players when a stage is open, else the current player. */
export function actingPlayers(state: State): string[] {
  const active = state.ctx.activePlayers;
  if (active && Object.keys(active).length > 0) return Object.keys(active).sort();
  return [state.ctx.currentPlayer];
}

export async function matchStatuses(
  lobby: Lobby,
  stateOf: (matchID: string) => Promise<State | undefined>,
  body: z.output<typeof statusBody>,
  /** The match's running clock (remaining time per side), when it has one. */
  clockOf?: (matchID: string) => Promise<unknown>,
): Promise<MatchStatus[]> {
  const out: MatchStatus[] = [];
  for (const { matchID, credentials } of body.matches) {
    const m = await lobby.memberOf(matchID, credentials);
    const state = m && (await stateOf(matchID));
    if (!m || !state) {
      // Unknown match, credentials that open nothing (left, removed), or not a member: all look the same.
      out.push({ matchID, found: false });
      continue;
    }
    const over = state.ctx.gameover as { winner?: unknown } | undefined;
    const toMove = over ? [] : actingPlayers(state);
    const view = m.view() as { clock?: unknown };
    const clock = (await clockOf?.(matchID)) ?? view.clock;
    out.push({
      matchID,
      found: true,
      seat: m.viewer.seat,
      playerIDs: m.viewer.playerIDs,
      plan: m.lobby.plan,
      setupData: m.metadata.setupData,
      updatedAt: m.metadata.updatedAt,
      toMove,
      yourMove: toMove.some((p) => m.viewer.playerIDs.includes(p)),
      round: typeof (state.G as { round?: unknown }).round === 'number' ? (state.G as { round: number }).round : null,
      finished: over !== undefined,
      winner: over && typeof over.winner === 'string' ? over.winner : null,
      ...(clock !== undefined ? { clock } : {}),
    });
  }
  return out;
}
