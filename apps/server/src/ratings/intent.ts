/**
 * What the ratings keep beside a match in the store's side records (kind `ratings`): the match
 * maker's word that it is to be rated and whose each seat is (written when it is made, before any
 * move), and each seat the computer took over during play (written when it happened). Both live and
 * die with the match, so a rebuild finds them where play left them.
 */
import { z } from 'zod';
import type { SqlStorage } from '../storage';
import { updateSide } from '../storage/update-side';
import type { LobbyRecord } from '../lobby/model';

const KIND = 'ratings';
const intentShape = z.object({ rated: z.boolean(), seats: z.record(z.string(), z.string()) });
export type RatingIntent = z.infer<typeof intentShape>;

export function writeIntent(storage: SqlStorage, matchID: string, intent: RatingIntent) {
  return storage.putSide(matchID, KIND, 'intent', intent);
}

export async function readIntent(storage: SqlStorage, matchID: string): Promise<RatingIntent | undefined> {
  const r = intentShape.safeParse(await storage.getSide(matchID, KIND, 'intent'));
  return r.success ? r.data : undefined;
}

/** Seats the computer took over during play, and why: its time ran out, or it left (handed over or away). */
export async function computerMarks(storage: SqlStorage, matchID: string): Promise<Record<string, 'timeout' | 'left'>> {
  const out: Record<string, 'timeout' | 'left'> = {};
  for (const row of await storage.listSide(KIND, matchID)) {
    if (!row.key.startsWith('computer:')) continue;
    const why = (row.data as { why?: unknown } | null)?.why;
    if (why === 'timeout' || why === 'left') out[row.key.slice('computer:'.length)] = why;
  }
  return out;
}

/**
 * Called on every roster change: the first time the computer holds a seat of a match the match maker
 * made, that is written down for good (taking the seat back later does not undo it).
 */
export async function markComputerSeats(storage: SqlStorage, matchID: string, lobby: Pick<LobbyRecord, 'bots'>) {
  const bots = Object.entries(lobby.bots ?? {}).filter(([, b]) => b && b.reason !== 'created');
  if (bots.length === 0) return;
  if (!(await readIntent(storage, matchID))) return;
  const marked = await computerMarks(storage, matchID);
  for (const [seat, b] of bots) {
    if (marked[seat]) continue;
    await storage.putSide(matchID, KIND, `computer:${seat}`, { why: b!.reason === 'timeout' ? 'timeout' : 'left', since: b!.since });
  }
}

/** A deleted account's seats in every intent now name `anonymous` instead (the ratings keep their history). */
export async function renameInIntents(storage: SqlStorage, accountId: string, anonymous: string) {
  for (const row of await storage.listSide(KIND)) {
    if (row.key !== 'intent') continue;
    await updateSide<RatingIntent, true>(storage, row.matchID, KIND, 'intent', (cur) => {
      const intent = intentShape.safeParse(cur);
      if (!intent.success || !Object.values(intent.data.seats).includes(accountId)) return undefined;
      const seats = Object.fromEntries(Object.entries(intent.data.seats).map(([seat, id]) => [seat, id === accountId ? anonymous : id]));
      return { next: { ...intent.data, seats }, result: true };
    });
  }
}
