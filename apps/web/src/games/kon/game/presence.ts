/**
 * Who of each side is at the table: from the lobby view the server pushes (`kon:lobby`), per faction
 * its members online or away, and since when. Feeds the sides panel and the banner's "offline" note.
 */
import type { Faction } from '@kon/game';
import type { MatchInfo, MemberInfo, SeatKey } from '../../../api';

export const FACTIONS_OF_SEAT: Record<SeatKey, Faction[]> = {
  germany: ['germany'],
  norway: ['norway'],
  allies: ['allies'],
  'norway+allies': ['norway', 'allies'],
  // Seats of a game whose seats are alike (numbered): none of Kampen om Norge's factions.
  player1: [],
  player2: [],
  player3: [],
  player4: [],
};

export interface SidePresence {
  members: MemberInfo[];
  /** Someone of the side is connected now. */
  online: boolean;
  /** When the side's last member went (the latest of their last-seen times); null when unknown. */
  awaySince: number | null;
}

export function presenceByFaction(lobby: MatchInfo | null): Partial<Record<Faction, SidePresence>> {
  const out: Partial<Record<Faction, SidePresence>> = {};
  if (!lobby) return out;
  for (const s of lobby.seats) {
    const online = s.members.some((m) => m.connected);
    const seen = s.members.map((m) => m.awaySince).filter((x): x is number => typeof x === 'number');
    const p: SidePresence = { members: s.members, online, awaySince: online || seen.length === 0 ? null : Math.max(...seen) };
    for (const f of FACTIONS_OF_SEAT[s.seat] ?? []) out[f] = p;
  }
  return out;
}

/** "how long": whole minutes under an hour, then hours, then days (never seconds: it would flicker). */
export function awayFor(since: number | null | undefined, now: number): { unit: 'min' | 'h' | 'd'; n: number } | null {
  if (typeof since !== 'number') return null;
  const min = Math.max(0, Math.floor((now - since) / 60_000));
  if (min < 60) return { unit: 'min', n: min };
  const h = Math.floor(min / 60);
  if (h < 48) return { unit: 'h', n: h };
  return { unit: 'd', n: Math.floor(h / 24) };
}
