/** What the lobby knows of who is connected to a match (the transport's presence, on every process). */
import type { Whereabouts } from '../bots/seats';

export interface Presence {
  /** connected member ids of a match */
  members(matchID: string): Set<string>;
  spectators(matchID: string): number;
  /** When each member of a match who is not connected now was last connected (since the server started). */
  awaySince(matchID: string): Map<string, number>;
  /** called after a member left or the roster changed */
  rosterChanged(matchID: string, removedMemberIds: string[]): void;
  /**
   * Who is connected to the match on any server process, and when every member was last connected
   * as stored: for decisions about someone's absence (handing their seat to the computer), which must
   * not rest on what one process happens to know.
   */
  whereabouts(matchID: string): Promise<Whereabouts>;
}

/** Nobody connected, nothing to tell: the lobby's presence until the server wires the transport's in. */
export const noPresence: Presence = {
  members: () => new Set(),
  spectators: () => 0,
  awaySince: () => new Map(),
  rosterChanged: () => {},
  whereabouts: async () => ({ connected: new Set(), lastSeen: new Map() }),
};
