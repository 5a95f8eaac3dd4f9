/**
 * A stored finished match as the ratings read it: its seats and their accounts (the match maker's
 * record, see intent.ts), the game's result, the moves each seat made, and which seats the computer
 * ever held. Everything comes from the match store, so a rebuild reads exactly what play wrote.
 */
import type { SqlStorage } from '../storage';
import type { LobbyRecord } from '../lobby/model';
import type { FinishedMatch } from './model';
import { computerMarks, readIntent } from './intent';

/** The moves of boardgame.io's action log by playerID (events the game made itself are not moves). */
function movesBy(log: unknown[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of log ?? []) {
    const entry = e as { action?: { type?: unknown; payload?: { playerID?: unknown } }; automatic?: unknown };
    const pid = entry.action?.payload?.playerID;
    if (entry.action?.type !== 'MAKE_MOVE' || entry.automatic || typeof pid !== 'string') continue;
    out[pid] = (out[pid] ?? 0) + 1;
  }
  return out;
}

export async function finishedMatch(storage: SqlStorage, matchID: string): Promise<FinishedMatch | undefined> {
  const row = await storage.fetchLobby(matchID);
  if (!row || row.metadata.gameover === undefined || row.metadata.gameover === null) return undefined;
  const lobby = row.lobby as LobbyRecord;
  const intent = await readIntent(storage, matchID);
  // The moves each seat made matter only to a match chosen rated (judge's last check); reading them
  // decodes every event row of the game (~50-100 ms of the event loop for 600 moves): not for the others.
  const rated = intent?.rated ?? false;
  const { state, log } = await storage.fetch(matchID, { state: true, log: rated });
  const computer: Record<string, 'created' | 'timeout' | 'left'> = { ...(await computerMarks(storage, matchID)) };
  // A seat the computer still holds at the end was marked when it took it; one given at creation never is.
  for (const [seat, b] of Object.entries(lobby.bots ?? {})) if (b?.reason === 'created') computer[seat] = 'created';
  return {
    matchID,
    game: row.metadata.gameName,
    setupData: row.metadata.setupData,
    finishedAt: row.metadata.updatedAt,
    ratedIntent: rated,
    seats: lobby.seats.map((s) => {
      const accountId = intent?.seats[s.key] ?? (s as { accountId?: string }).accountId;
      // Members of the seat signed in as other accounts command it too (a co-commander's link).
      const co = lobby.members.flatMap((m) => (m.seat === s.key && m.accountId && m.accountId !== accountId ? [m.accountId] : []));
      return { key: s.key, playerIDs: [...s.playerIDs], accountId, ...(co.length ? { coAccounts: [...new Set(co)] } : {}) };
    }),
    result: (state?.G as { result?: unknown } | undefined)?.result ?? row.metadata.gameover,
    movesBy: movesBy(log),
    computer,
  };
}
