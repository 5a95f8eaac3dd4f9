import type { Socket } from 'socket.io';
import type { SqlStorage } from '../storage';
import type { Binding, LiveMatch } from './types';

/**
 * Which sockets of this process watch which match (and as whom), and the matches held in memory
 * for them. Only a match someone is connected to stays in memory: the store has every move.
 */
export class Rooms {
  private bindings = new Map<Socket, Binding>();
  private rooms = new Map<string, Set<Socket>>();
  /** The matches in memory, by matchID. */
  readonly live = new Map<string, LiveMatch>();

  binding(socket: Socket): Binding | undefined {
    return this.bindings.get(socket);
  }

  /** The match's sockets on this process (the live set: copy it before anything that may unbind). */
  sockets(matchID: string): Iterable<Socket> {
    return this.rooms.get(matchID) ?? [];
  }

  watched(matchID: string): boolean {
    return this.rooms.has(matchID);
  }

  /** Add a socket to its match's room; true when it is the match's first socket here. */
  add(socket: Socket, b: Binding): boolean {
    this.bindings.set(socket, b);
    let room = this.rooms.get(b.matchID);
    const first = !room;
    if (!room) this.rooms.set(b.matchID, (room = new Set()));
    room.add(socket);
    return first;
  }

  /** Take a socket out of its match's room; `emptied` when it was the last, and the match left memory. */
  remove(socket: Socket): { binding: Binding; emptied: boolean } | undefined {
    const b = this.bindings.get(socket);
    if (!b) return undefined;
    this.bindings.delete(socket);
    const room = this.rooms.get(b.matchID);
    room?.delete(socket);
    const emptied = room !== undefined && room.size === 0;
    if (emptied) {
      this.rooms.delete(b.matchID);
      // Nobody is watching: the store has every move, so memory need not keep the match.
      this.live.delete(b.matchID);
    }
    return { binding: b, emptied };
  }

  /** The match in memory, read from the store when it wakes up. Call under the match's lock. */
  async liveMatch(storage: SqlStorage, matchID: string): Promise<LiveMatch | undefined> {
    const cached = this.live.get(matchID);
    if (cached) return cached;
    const { state, metadata } = await storage.fetch(matchID, { state: true, metadata: true });
    if (!state) return undefined;
    const live: LiveMatch = { state, metadata, views: new Map() };
    // Only matches someone is connected to stay in memory (see remove).
    if (this.rooms.has(matchID)) this.live.set(matchID, live);
    return live;
  }
}
