import type { Server as BgioServer } from 'boardgame.io';
import type { Socket } from 'socket.io';
import type { SocketRefusal } from '@kon/protocol';
import type { Presence } from '../lobby/lobby';
import { BoundedMap } from '../core/bounded-map';
import { type ProcessPresence, RemotePresence } from '../cluster/presence';
import type { Rooms } from './rooms';
import type { Binding, TransportContext } from './types';

/** Side records of when each member was last connected to a match. */
const SEEN = 'seen';

/**
 * Who is connected to each match (through this process and the others), when each member was last,
 * and what the match's sockets are told of it: the player list (`matchData`) and the lobby view
 * (`kon:lobby`). A socket joins and leaves its match's room here, so presence is told every time.
 */
export class PresenceTracker {
  private remote = new RemotePresence();
  /**
   * Per match, when each member's last socket went (presence: "away for 5 min"). Kept in the store
   * too (side kind `seen`), read back the first time a match's presence is asked for after a start.
   */
  private lastSeen = new BoundedMap<string, Map<string, number>>(20_000);
  private seenLoaded = new BoundedMap<string, true>(20_000);
  private leftListeners: ((matchID: string, memberId: string) => void)[] = [];

  constructor(
    private readonly ctx: TransportContext,
    private readonly rooms: Rooms,
  ) {}

  /** The lobby's view of presence (see Lobby.presence). */
  get view(): Presence {
    return {
      members: (matchID) => this.members(matchID),
      spectators: (matchID) => this.localPresence(matchID).spectators + this.remote.spectators(matchID),
      awaySince: (matchID) => {
        this.loadSeen(matchID);
        return new Map(this.lastSeen.get(matchID) ?? []);
      },
      rosterChanged: (matchID, removed) => {
        this.ctx.opts.bus?.publish({ t: 'roster', matchID, removed });
        this.applyRoster(matchID, removed);
      },
      whereabouts: (matchID) => this.whereabouts(matchID),
    };
  }

  /** The members connected to the match through any process. */
  private members(matchID: string): Set<string> {
    return new Set([...this.localPresence(matchID).members, ...this.remote.members(matchID)]);
  }

  /** Called when a member's last socket at a match (on any process) closes. */
  onMemberLeft(listener: (matchID: string, memberId: string) => void) {
    this.leftListeners.push(listener);
  }

  /** A socket authenticated for a match: into its room, and the other processes are told. */
  join(socket: Socket, b: Binding) {
    if (this.rooms.add(socket, b)) this.ctx.opts.bus?.watch(b.matchID);
    this.announcePresence(b.matchID);
  }

  /** A socket leaves its match's room (a new sync, a disconnect, removed from the roster). */
  leave(socket: Socket): Binding | undefined {
    const left = this.rooms.remove(socket);
    if (!left) return undefined;
    this.announcePresence(left.binding.matchID);
    if (left.emptied) {
      this.ctx.opts.bus?.unwatch(left.binding.matchID);
      this.remote.forget(left.binding.matchID);
    }
    return left.binding;
  }

  /** A socket closed: the member's last-seen time, the member-left listeners when it was their last socket anywhere. */
  disconnected(socket: Socket) {
    const b = this.leave(socket);
    if (b?.memberId) {
      this.markSeen(b.matchID, b.memberId);
      // A server going down closes every socket; nobody left.
      if (!this.ctx.closing && !this.members(b.matchID).has(b.memberId)) this.memberLeft(b.matchID, b.memberId);
    }
    if (b && !this.ctx.closing) void this.broadcastMatchData(b.matchID);
  }

  /** Another process's presence of a match (from the bus). */
  remoteReported(matchID: string, from: string, p: ProcessPresence) {
    for (const left of this.remote.set(matchID, from, p)) this.markSeen(matchID, left);
    void this.broadcastMatchData(matchID);
  }

  /** Another process is gone: everyone connected through it left. */
  processGone(id: string) {
    for (const [matchID, left] of this.remote.dropProcess(id)) {
      for (const member of left) this.markSeen(matchID, member);
      void this.broadcastMatchData(matchID);
    }
  }

  /** The lobby removed members from the match (here or on another process): close their sockets. */
  applyRoster(matchID: string, removed: string[]) {
    const live = this.rooms.live.get(matchID);
    if (live) live.metadata = undefined;
    for (const sock of [...this.rooms.sockets(matchID)]) {
      const b = this.rooms.binding(sock);
      if (b?.memberId && removed.includes(b.memberId)) {
        this.leave(sock);
        sock.emit('kon:error', { code: 'left_match' } satisfies SocketRefusal);
        sock.disconnect(true);
      }
    }
    void this.broadcastMatchData(matchID);
  }

  /** Tell the other processes who is connected to the match through this one. */
  announcePresence(matchID: string) {
    const here = this.localPresence(matchID);
    this.ctx.opts.bus?.publish({ t: 'presence', matchID, ...here });
    this.ctx.opts.sharedPresence?.report(matchID, here.members);
  }

  /** Player list as boardgame.io clients expect it: names and who is connected, never credentials. */
  publicMetadata(matchID: string, metadata: BgioServer.MatchData) {
    const online = new Set([...this.localPresence(matchID).playerIDs, ...this.remote.playerIDs(matchID)]);
    return Object.values(metadata.players).map((p) => ({
      id: p.id,
      ...(p.name !== undefined ? { name: p.name } : {}),
      isConnected: online.has(String(p.id)),
    }));
  }

  /** The player list and the lobby view, to every socket of the match on this process. */
  async broadcastMatchData(matchID: string) {
    if (!this.rooms.watched(matchID)) return;
    const row = await this.ctx.opts.storage.fetchLobby(matchID).catch(() => undefined);
    if (!row) return;
    const data = this.publicMetadata(matchID, row.metadata);
    for (const sock of this.rooms.sockets(matchID)) sock.emit('matchData', matchID, data);
    await this.pushLobby(matchID);
  }

  /**
   * Who is connected to the match through any process, and when each member was last: this process's
   * sockets and what every process wrote to Redis (a process with no socket in a match hears nothing
   * of its presence messages), and the "last seen" times stored in the database and kept here.
   */
  private async whereabouts(matchID: string) {
    const { opts } = this.ctx;
    const [shared, stored] = await Promise.all([opts.sharedPresence?.read(matchID), opts.storage.listSide(SEEN, matchID)]);
    const connected = new Set([...this.localPresence(matchID).members, ...(shared?.connected ?? [])]);
    const lastSeen = new Map<string, number>();
    const saw = (id: string, at: number) => lastSeen.set(id, Math.max(at, lastSeen.get(id) ?? 0));
    for (const r of stored) saw(r.key, (r.data as { at: number }).at);
    for (const [id, at] of shared?.lastSeen ?? []) saw(id, at);
    for (const [id, at] of this.lastSeen.get(matchID) ?? []) saw(id, at);
    return { connected, lastSeen };
  }

  /** Who is connected to the match through this process. */
  private localPresence(matchID: string): ProcessPresence {
    const members = new Set<string>();
    const playerIDs = new Set<string>();
    let spectators = 0;
    for (const sock of this.rooms.sockets(matchID)) {
      const b = this.rooms.binding(sock);
      if (!b) continue;
      if (b.memberId) members.add(b.memberId);
      if (b.playerID === null) spectators++;
      else playerIDs.add(b.playerID);
    }
    return { members: [...members], playerIDs: [...playerIDs], spectators };
  }

  private memberLeft(matchID: string, memberId: string) {
    const at = this.lastSeen.get(matchID)?.get(memberId) ?? Date.now();
    this.ctx.opts.storage
      .putSide(matchID, SEEN, memberId, { at })
      .catch((e: unknown) => this.ctx.log.warn('presence not stored', { matchID, err: e }));
    for (const l of this.leftListeners) {
      try {
        l(matchID, memberId);
      } catch (e) {
        this.ctx.log.error('member-left listener failed', { matchID, err: e });
      }
    }
  }

  /** After a start: the stored "last seen" times of the match's members, then a fresh lobby view for its sockets. */
  private loadSeen(matchID: string) {
    if (this.seenLoaded.has(matchID)) return;
    this.seenLoaded.set(matchID, true);
    this.ctx.opts.storage
      .listSide(SEEN, matchID)
      .then((rows) => {
        if (rows.length === 0) return;
        let m = this.lastSeen.get(matchID);
        if (!m) this.lastSeen.set(matchID, (m = new Map()));
        for (const r of rows) if (!m.has(r.key)) m.set(r.key, (r.data as { at: number }).at);
        void this.pushLobby(matchID);
      })
      .catch((e: unknown) => {
        this.seenLoaded.delete(matchID); // try again at the next look
        this.ctx.log.warn('presence not read', { matchID, err: e });
      });
  }

  private markSeen(matchID: string, memberId: string) {
    let m = this.lastSeen.get(matchID);
    if (!m) this.lastSeen.set(matchID, (m = new Map()));
    m.set(memberId, Date.now());
  }

  /**
   * The lobby view (seats, members, who is online or away since when) pushed to every socket of the
   * match as `kon:lobby`, each as its member (or a spectator) may see it: joins, leaves, renames and
   * presence reach the waiting room and the game at once, without polling.
   */
  private async pushLobby(matchID: string) {
    const sockets = [...this.rooms.sockets(matchID)];
    if (sockets.length === 0) return;
    const views = await this.ctx.opts.lobby
      .viewsFor(
        matchID,
        sockets.map((s) => this.rooms.binding(s)?.memberId),
      )
      .catch((e: unknown) => {
        this.ctx.log.error('lobby push failed', { matchID, err: e });
        return undefined;
      });
    if (!views) return;
    for (const sock of sockets) {
      const b = this.rooms.binding(sock);
      const view = b && views.get(b.memberId);
      if (view) sock.emit('kon:lobby', view);
    }
  }
}
