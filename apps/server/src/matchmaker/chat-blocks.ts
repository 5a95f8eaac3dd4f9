/**
 * Chat of a blocked player is withheld by the server: a chat line from a member signed in as an
 * account never reaches the members whose accounts blocked it (in any game: the transport asks
 * before it sends a line, on this process and on each other one that hears it over the bus).
 */
import type { ChatWithheld } from '../transport/types';

const NONE: ReadonlySet<string> = new Set();

export interface ChatBlocksDeps {
  /** The members of a match now (their account ids), from its lobby record. */
  membersOf(matchID: string): Promise<readonly { id: string; accountId?: string | undefined }[]>;
  /** The accounts that blocked this one. */
  blockersOf(accountId: string): Promise<ReadonlySet<string>>;
}

export function chatBlocks(d: ChatBlocksDeps): ChatWithheld {
  return async (matchID, sender) => {
    if (sender === undefined) return NONE;
    const members = await d.membersOf(matchID);
    const from = members.find((m) => m.id === sender)?.accountId;
    const others = members.filter((m) => m.accountId !== undefined && m.accountId !== from);
    if (from === undefined || others.length === 0) return NONE;
    const blockers = await d.blockersOf(from);
    return new Set(others.filter((m) => blockers.has(m.accountId!)).map((m) => m.id));
  };
}
