/**
 * A rematch of a finished match in one click: a new match with the same plan, visibility and set-up
 * (ruleset or scenario), and the same members in the same seats, each keeping the credentials they
 * already hold (so no secret has to travel: a browser that could act in the old match can act in the
 * new one). The old match's lobby record names the rematch, so every member's browser finds it in the
 * lobby view it already reads, and a second click (by anyone) finds the same rematch.
 */
import { ApiError, notFound } from '../http/errors';
import type { KeyedMutex } from '../core/lock';
import type { Logger } from '../core/log';
import { deriveMetadata, markBegun, type Lobby, type LobbyRecord } from './lobby';
import type { SqlStorage } from '../storage';
import { memberByCredentials, migrateLobby } from '../seats/seats';

export class Rematches {
  constructor(
    private readonly lobby: Lobby,
    private readonly storage: SqlStorage,
    private readonly lock: KeyedMutex,
    private readonly log: Logger,
  ) {}

  /** Start (or find) the rematch of `matchID`, for one of its members. */
  async start(matchID: string, tok: string | undefined): Promise<{ matchID: string; links?: unknown }> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(matchID)) throw notFound();
    return this.lock.run(matchID, async () => {
      const row = await this.storage.fetchLobby(matchID);
      if (!row?.lobby) throw notFound();
      const old: LobbyRecord = migrateLobby(row.lobby);
      const member = memberByCredentials(old, tok);
      if (!member) {
        if (old.visibility === 'private' && !this.lobby.identify(old, tok)) throw notFound();
        throw new ApiError(403, 'not_a_member', 'Only a player of this match can start a rematch.');
      }
      if (row.metadata.gameover === undefined || row.metadata.gameover === null)
        throw new ApiError(409, 'not_over', 'A rematch can be started once the game is over.');
      if (old.rematch) return { matchID: old.rematch };

      // The computer plays again the seats it was given at creation (a seat handed to it for an absent
      // player goes back to that player).
      const bots = Object.fromEntries(
        Object.entries(old.bots ?? {})
          .filter(([, b]) => b?.reason === 'created')
          .map(([seat, b]) => [seat, b!.strength]),
      );
      const body = this.lobby.parseCreate({
        // The same game (a match stored before there were several games is the default one).
        game: this.lobby.gameOf(row.metadata).id,
        plan: old.plan,
        visibility: old.visibility,
        setupData: row.metadata.setupData ?? {},
        ...(Object.keys(bots).length ? { bots } : {}),
        // The same time controls (a match made before clocks has none).
        ...(old.clock ? { clock: old.clock } : {}),
      });
      const created = await this.lobby.create(body);
      const newID = created.matchID;
      await this.lock.run(newID, async () => {
        const fresh = await this.storage.fetchLobby(newID);
        if (!fresh) throw new Error(`rematch ${newID} vanished`);
        const next = fresh.lobby as LobbyRecord;
        const now = Date.now();
        // Same members (ids, names, seats, roles, credentials and browsers); the seats they held are
        // claimed again, seats they left stay open for the invite links. One-time recovery links and
        // co-commander links belong to the old match and are not carried over.
        next.members = old.members.map(({ recoveryHash: _unused, ...m }) => ({ ...m, joinedAt: now }));
        for (const seat of next.seats) {
          const holder = old.seats.find((o) => o.key === seat.key)?.holder;
          if (holder && next.members.some((m) => m.id === holder)) seat.holder = holder;
        }
        markBegun(next, now);
        await this.lock.touched(newID);
        await this.storage.setLobby(newID, next, deriveMetadata({ ...fresh.metadata, updatedAt: now }, next));
      });
      // The new match's roster is full from the start: its clock, "your move" messages and computer
      // seats begin as after the last join.
      this.lobby.presence.rosterChanged(newID, []);
      const latest = (await this.storage.fetchLobby(matchID))?.metadata ?? row.metadata;
      await this.lock.touched(matchID);
      await this.storage.setLobby(matchID, { ...old, rematch: newID }, latest);
      this.log.info('rematch created', { matchID, rematch: newID, by: member.id });
      // Tell the old match's sockets: their pages read the lobby view and follow.
      this.lobby.presence.rosterChanged(matchID, []);
      return { matchID: newID, links: created.links };
    });
  }
}
