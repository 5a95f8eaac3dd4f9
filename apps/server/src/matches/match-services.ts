/**
 * The services that follow matches (replays, clocks, "your move" messages, computer seats, automatic
 * passes) plug into the move path and the lobby through one explicit list, built in one place
 * (app-services.ts). Each hook runs for every service in the list's order; none replaces another.
 * Before this list each service set a single field of the transport or the lobby itself, so a third
 * one would silently have replaced one, and the order of construction decided what ran.
 */
import type { LobbyRecord } from '../lobby/model';
import type { Logger } from '../core/log';
import type { MoveCommitted, PassHold, PlayerMoveGuard } from '../transport/types';

export interface MatchService {
  /** For the logs: which service failed. */
  readonly name: string;
  /** A move was stored and sent (called synchronously in list order: a service queues its own work). */
  moveStored?(e: MoveCommitted): void;
  /** A match was created and stored. */
  matchCreated?(matchID: string): void;
  /** The roster changed (a seat taken, handed to the computer or taken back, a switch flipped). */
  rosterChanged?(matchID: string, lobby: LobbyRecord): void;
  /** A member's last socket at a match (on any process) closed. */
  memberLeft?(matchID: string, memberId: string): void;
  /** A seat's player connected to a match here (a sync with that seat's credentials). */
  seatSynced?(matchID: string, playerID: string): void;
  /** Refuses a player's move before it is judged; the first refusal in list order wins. */
  guardPlayerMove?: PlayerMoveGuard;
  /** Holds a seat's move from its socket back before it is judged; every hold in list order. */
  holdPlayerMove?: PassHold;
}

/** The list as the transport and the lobby call it: each hook over every service, in order. */
export class MatchServices {
  /** No services: what the transport runs with until the server wires its list in. */
  static readonly none = new MatchServices([]);

  constructor(
    readonly list: readonly MatchService[],
    private readonly log?: Logger,
  ) {
    const names = list.map((s) => s.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw new Error(`match service ${twice} is listed twice`);
  }

  moveStored(e: MoveCommitted) {
    this.each('moveStored', e.matchID, (s) => s.moveStored?.(e));
  }

  matchCreated(matchID: string) {
    this.each('matchCreated', matchID, (s) => s.matchCreated?.(matchID));
  }

  rosterChanged(matchID: string, lobby: LobbyRecord) {
    this.each('rosterChanged', matchID, (s) => s.rosterChanged?.(matchID, lobby));
  }

  memberLeft(matchID: string, memberId: string) {
    this.each('memberLeft', matchID, (s) => s.memberLeft?.(matchID, memberId));
  }

  seatSynced(matchID: string, playerID: string) {
    this.each('seatSynced', matchID, (s) => s.seatSynced?.(matchID, playerID));
  }

  readonly guardPlayerMove: PlayerMoveGuard = async (matchID, playerID) => {
    for (const s of this.list) {
      const refusal = await s.guardPlayerMove?.(matchID, playerID);
      if (refusal) return refusal;
    }
    return null;
  };

  readonly holdPlayerMove: PassHold = async (matchID, playerID, stateID, move) => {
    for (const s of this.list) await s.holdPlayerMove?.(matchID, playerID, stateID, move);
  };

  /** One service's failure is logged and never keeps the next from hearing of it. */
  private each(hook: string, matchID: string, call: (s: MatchService) => void) {
    for (const s of this.list) {
      try {
        call(s);
      } catch (e) {
        this.log?.error('match service failed', { service: s.name, hook, matchID, err: e });
      }
    }
  }
}
