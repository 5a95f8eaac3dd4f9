import type { Game, State } from 'boardgame.io';
import type { Socket } from 'socket.io';
import { diffJson, type JsonSizes, type SharedDiffs } from '../core/json-diff';
import type { Rooms } from './rooms';
import { type FilterFn, type LiveMatch, type Payload, SPECTATORS } from './types';

import { getFilterPlayerView } from '../games/bgio-internal';

/**
 * What each socket of this process is sent of a match: every state as its seat may see it, as a
 * patch against the view the socket holds. The one rule kept here: a patch goes only to a socket
 * that holds its base state; any other socket gets the whole view.
 */
export class Patches {
  /** The state ID each socket was last sent: a patch goes only to a socket that holds its base. */
  private sentStateID = new WeakMap<Socket, number>();
  private filters = new Map<Game, FilterFn>();

  constructor(private readonly rooms: Rooms) {}

  /** boardgame.io's playerView filter of the game (what a seat, or a spectator, may see). */
  filterOf(game: Game): FilterFn {
    let f = this.filters.get(game);
    if (!f) this.filters.set(game, (f = getFilterPlayerView(game) as unknown as FilterFn));
    return f;
  }

  /** A socket was sent the whole view of this state at its sync: the next patch builds on it. */
  synced(socket: Socket, live: LiveMatch, playerID: string | null, view: State) {
    live.views.set(playerID ?? SPECTATORS, { stateID: live.state._stateID, view });
    this.sentStateID.set(socket, live.state._stateID);
  }

  /**
   * Send the new state to every socket of the match, each as its seat may see it: a patch against
   * the view that socket was last sent when it holds it (a few hundred bytes), else the whole view.
   * Each seat's view and patch are computed once, however many sockets share the seat.
   */
  publish(matchID: string, live: LiveMatch, prevStateID: number, filter: FilterFn) {
    const stateID = live.state._stateID;
    const out = new Map<string, { view: State; patch: unknown[] | undefined }>();
    // The views of one state share most of their objects: each is measured once for all the diffs,
    // and a part two seats' views share is diffed once.
    // Both are let go with the publication: Maps, cheaper to collect than WeakMaps.
    const sizes: JsonSizes = new Map();
    const shared: SharedDiffs = new Map();
    for (const sock of this.rooms.sockets(matchID)) {
      const b = this.rooms.binding(sock);
      if (!b) continue;
      const key = b.playerID ?? SPECTATORS;
      let o = out.get(key);
      if (!o) {
        const view = filter(b.playerID, { type: 'update', args: [matchID, live.state] }).args[1] as State;
        const last = live.views.get(key);
        o = { view, patch: last && last.stateID === prevStateID ? diffJson(last.view, view, sizes, shared) : undefined };
        live.views.set(key, { stateID, view });
        out.set(key, o);
      }
      // boardgame.io's action log stays on the server (see sync).
      if (o.patch && this.sentStateID.get(sock) === prevStateID) sock.emit('patch', matchID, prevStateID, stateID, o.patch, []);
      else sock.emit('update', matchID, o.view, []);
      this.sentStateID.set(sock, stateID);
    }
  }

  /** A message (a chat line) to every socket of the match on this process (but `skip`'s members), each through its seat's filter. */
  sendAll(matchID: string, payload: Payload, filter: FilterFn, skip?: ReadonlySet<string>) {
    for (const sock of this.rooms.sockets(matchID)) {
      const b = this.rooms.binding(sock);
      if (!b || (b.memberId !== undefined && skip?.has(b.memberId))) continue;
      const out = filter(b.playerID, payload);
      sock.emit(out.type, ...out.args);
    }
  }
}
