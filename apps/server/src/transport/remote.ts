import type { State } from 'boardgame.io';
import type { Envelope, MatchBus } from '../cluster/bus';
import { applyJsonPatch } from '../core/json-patch';
import type { Patches } from './patches';
import type { PresenceTracker } from './presence';
import type { Rooms } from './rooms';
import { gameFor, type LiveMatch, type TransportContext } from './types';

type RemoteMove = Extract<Envelope, { t: 'move' }>;

/**
 * What the other server processes say over the bus (REDIS_URL) about the matches this process's
 * sockets watch: their moves (sent on in order), their presence, roster changes and chat lines.
 */
export class RemoteMatches {
  /** Moves from other processes that arrived before the one they follow (see applyMove). */
  private early = new Map<string, { msgs: RemoteMove[]; timer: NodeJS.Timeout }>();

  constructor(
    private readonly ctx: TransportContext,
    private readonly rooms: Rooms,
    private readonly patches: Patches,
    private readonly presence: PresenceTracker,
  ) {}

  /** Delivers another process's private line to this process's sockets of its two seats (socket-session.ts). */
  privateLine?: (matchID: string, from: string, to: string, payload: unknown) => void;

  listen(bus: MatchBus) {
    bus.onMessage((m) => this.onMessage(m));
    bus.onProcessGone((id) => this.presence.processGone(id));
  }

  private onMessage(m: Envelope) {
    switch (m.t) {
      case 'move':
        return this.applyMove(m);
      case 'presence':
        return this.presence.remoteReported(m.matchID, m.from, m);
      case 'hello':
        return this.presence.announcePresence(m.matchID);
      case 'roster':
        return this.presence.applyRoster(m.matchID, m.removed);
      case 'chat': {
        const game = gameFor(this.ctx.games, this.rooms.live.get(m.matchID)?.metadata?.gameName ?? m.gameName);
        if (!game) return;
        const send = (skip?: ReadonlySet<string>) => this.patches.sendAll(m.matchID, m.payload, this.patches.filterOf(game), skip);
        const withheld = this.ctx.chatWithheld;
        if (!withheld) return send();
        withheld(m.matchID, m.sender).then(send, () => send());
        return;
      }
      case 'private':
        return this.privateLine?.(m.matchID, m.sender, m.to, m.payload);
    }
  }

  /**
   * A move another process stored: send it on to this process's sockets, in order. Two processes can
   * publish moves of one match in the other order than they were stored (B stores N+1 after reading N
   * from the database, before A's message about N arrived), so a move whose predecessor has not
   * arrived waits for it a little; if it never comes the sockets get the whole newer state instead.
   */
  private applyMove(m: RemoteMove) {
    const live = this.rooms.live.get(m.matchID);
    const game = gameFor(this.ctx.games, live?.metadata?.gameName ?? m.gameName);
    if (!game || !this.rooms.watched(m.matchID)) return; // nobody here watches it; the store has it
    if (!live) {
      // Dropped after a failed write here: start again from this state, whole to every socket.
      if (m.state === undefined) return void this.readStore(m.matchID);
      const fresh: LiveMatch = { state: m.state as State, metadata: undefined, views: new Map() };
      this.rooms.live.set(m.matchID, fresh);
      this.ctx.opts.storage.storedElsewhere?.(m.matchID, fresh.state);
      return this.patches.publish(m.matchID, fresh, -1, this.patches.filterOf(game));
    }
    if (m.stateID <= live.state._stateID) return;
    if (m.prevStateID > live.state._stateID) {
      let e = this.early.get(m.matchID);
      if (!e) {
        const timer = setTimeout(() => this.flushEarly(m.matchID, true), 250);
        timer.unref();
        this.early.set(m.matchID, (e = { msgs: [], timer }));
      }
      e.msgs.push(m);
      return;
    }
    const prevStateID = live.state._stateID;
    const state = m.state ?? this.patched(live.state, m);
    if (state === undefined) return void this.readStore(m.matchID);
    live.state = state as State;
    // Stored by the other process: this one's next move of the match is stored as a change from it.
    this.ctx.opts.storage.storedElsewhere?.(m.matchID, live.state);
    if (m.gameover) live.metadata = undefined; // read the final metadata again at the next need
    this.patches.publish(m.matchID, live, prevStateID, this.patches.filterOf(game));
    this.flushEarly(m.matchID, false);
  }

  /** The move's state from its patch, if this process holds the state the patch is from. */
  private patched(held: State, m: RemoteMove): unknown {
    if (!m.patch || m.prevStateID !== held._stateID) return undefined;
    try {
      const state = applyJsonPatch(held, m.patch);
      return state._stateID === m.stateID ? state : undefined;
    } catch {
      return undefined;
    }
  }

  /** A move came as a patch from a state this process does not hold: the match as the store has it, whole to the sockets behind. */
  private async readStore(matchID: string) {
    try {
      const { state, metadata } = await this.ctx.opts.storage.fetch(matchID, { state: true, metadata: true });
      const held = this.rooms.live.get(matchID);
      const game = gameFor(this.ctx.games, metadata?.gameName);
      if (!state || !game || !this.rooms.watched(matchID) || (held && held.state._stateID >= state._stateID)) return;
      const live: LiveMatch = { state, metadata, views: new Map() };
      this.rooms.live.set(matchID, live);
      this.ctx.opts.storage.storedElsewhere?.(matchID, state);
      this.patches.publish(matchID, live, -1, this.patches.filterOf(game)); // no view kept: every socket gets the whole state
    } catch (err) {
      this.ctx.log.warn('match not read after a missed move', { matchID, err });
    }
  }

  private flushEarly(matchID: string, force: boolean) {
    const e = this.early.get(matchID);
    if (!e) return;
    const live = this.rooms.live.get(matchID);
    e.msgs.sort((a, b) => a.stateID - b.stateID);
    const next = e.msgs.find((x) => live && (force || x.prevStateID === live.state._stateID) && x.stateID > live.state._stateID);
    if (!next) {
      if (force) {
        clearTimeout(e.timer);
        this.early.delete(matchID);
      }
      return;
    }
    e.msgs = e.msgs.filter((x) => x !== next);
    // Its predecessor never came and it is only a patch: the store has it, and every move held after it.
    if (force && next.state === undefined) e.msgs = [];
    if (e.msgs.length === 0) {
      clearTimeout(e.timer);
      this.early.delete(matchID);
    }
    if (force && next.state === undefined) return void this.readStore(matchID);
    this.applyMove({ ...next, prevStateID: force ? live!.state._stateID : next.prevStateID });
  }
}
