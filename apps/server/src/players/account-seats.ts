/**
 * The seats an account holds. A seat stays the match's (its lobby record); the account only finds it:
 * a row in kon_account_seats, and `accountId` on the member (and on the seat its holder holds, or the
 * match maker kept for it). An account gets credentials for its own seats only, a fresh pair per
 * device, exactly as a recovery link gives them (seats.ts): never more of a match than that seat.
 */
import type { z } from 'zod';
import type { accountMatch, Joined } from '@kon/protocol';
import { ApiError, notFound } from '../http/errors';
import type { Lobby, LobbyRecord, MemberRecord } from '../lobby/lobby';
import type { Logger } from '../core/log';
import * as seats from '../seats/seats';
import type { SqlStorage } from '../storage';
import type { ChosenSettings, NotificationSettings } from '../notifications/settings';
import type { AccountStore } from './store';

/** The name a deleted account's members keep in the matches they played. */
export const ANONYMOUS_NAME = '—';
/** notifications/service.ts keeps a member's "your move" settings (an e-mail, a webhook) under this kind. */
const NOTIFY_SETTINGS = 'notify';

type AccountMatch = z.infer<typeof accountMatch>;

export class AccountSeats {
  constructor(
    private readonly lobby: Lobby,
    private readonly store: AccountStore,
    private readonly storage: SqlStorage,
    private readonly maxMembersPerSeat: number,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keep a seat for an account (the match maker's matches): the account's devices take it with POST /api/me/matches/:id/credentials. */
  async bindSeat(matchID: string, seat: string, accountId: string): Promise<void> {
    await this.lobby.updateRecord(matchID, async ({ lobby }) => {
      const s = lobby.seats.find((x) => x.key === seat);
      if (!s) throw new ApiError(400, 'no_such_seat', 'This match has no such seat.');
      s.accountId = accountId;
      return { save: true, value: undefined };
    });
    await this.store.addSeat(accountId, matchID, seat, this.now());
  }

  /** The member behind these credentials becomes the account's (its name the account's). false: not a member, or another account's. */
  async claim(matchID: string, credentials: string, account: { id: string; name: string }): Promise<boolean> {
    let seat: string | undefined;
    try {
      seat = await this.lobby.updateRecord(matchID, async ({ lobby }) => {
        const m = seats.memberByCredentials(lobby, credentials);
        if (!m || (m.accountId !== undefined && m.accountId !== account.id)) return { save: false, value: undefined };
        m.accountId = account.id;
        m.name = account.name;
        const s = lobby.seats.find((x) => x.key === m.seat);
        if (s && s.holder === m.id) s.accountId = account.id;
        return { save: true, value: m.seat };
      });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'not_found') return false;
      throw e;
    }
    if (seat === undefined) return false;
    await this.store.addSeat(account.id, matchID, seat, this.now());
    return true;
  }

  /** The account's matches, newest first; rows whose seat is no longer the account's go. */
  async list(accountId: string): Promise<AccountMatch[]> {
    const out: AccountMatch[] = [];
    for (const row of await this.store.seatsOf(accountId)) {
      const rec = await this.lobby.record(row.match_id);
      const seat = rec?.lobby.seats.find((s) => s.key === row.seat);
      const seated = !!rec?.lobby.members.some((m) => m.accountId === accountId && m.seat === row.seat);
      if (!rec || !seat || (!seated && seat.accountId !== accountId)) {
        await this.store.removeSeat(accountId, row.match_id, row.seat);
        continue;
      }
      out.push({
        matchID: row.match_id,
        game: this.lobby.gameOf(rec.metadata).id,
        seat: seat.key,
        playerIDs: seat.playerIDs,
        seated,
        over: rec.metadata.gameover !== undefined && rec.metadata.gameover !== null,
        createdAt: rec.metadata.createdAt,
        updatedAt: rec.metadata.updatedAt,
      });
    }
    return out;
  }

  /**
   * Credentials of the account's seat in this match for this device: a fresh credential for its
   * member, or (a seat kept for the account, nobody on it yet) the account seated as its holder.
   */
  async credentials(matchID: string, account: { id: string; name: string }, browserKey: string | undefined): Promise<Joined> {
    return this.lobby.updateRecord(matchID, async ({ lobby, metadata }) => {
      let seated: seats.Seated;
      const mine = lobby.members.find((m) => m.accountId === account.id);
      if (mine) {
        const other =
          browserKey === undefined ? undefined : lobby.members.find((m) => m.id !== mine.id && seats.isBrowserOf(m, browserKey));
        if (other) throw new ApiError(409, 'already_member', 'This browser already holds another seat in this match.');
        seated = seats.reissue(mine, browserKey);
      } else {
        const seat = lobby.seats.find((s) => s.accountId === account.id);
        if (!seat) throw notFound();
        seated = seats.seatPerson(lobby, seat, 'seat', account.name, browserKey, this.maxMembersPerSeat);
        seated.member.accountId = account.id;
      }
      const { member, credentials, returning } = seated;
      const value: Joined = {
        matchID,
        game: this.lobby.gameOf(metadata).id,
        memberId: member.id,
        name: member.name,
        seat: member.seat,
        playerIDs: lobby.seats.find((s) => s.key === member.seat)?.playerIDs ?? [],
        role: member.role,
        returning,
        credentials,
      };
      return { save: true, value };
    });
  }

  /**
   * Where the account wants to hear of its matches: the "your move" channels its member chose in its
   * newest match that has any (webhook, e-mail, devices with push), with that match and member;
   * undefined when it chose none.
   */
  async channelsOf(accountId: string): Promise<ChosenSettings | undefined> {
    for (const row of await this.store.seatsOf(accountId)) {
      const rec = await this.lobby.record(row.match_id);
      for (const m of rec?.lobby.members.filter((x) => x.accountId === accountId) ?? []) {
        const s = (await this.storage.getSide(row.match_id, NOTIFY_SETTINGS, m.id)) as NotificationSettings | undefined;
        if (s) return { settings: s, matchID: row.match_id, memberId: m.id };
      }
    }
    return undefined;
  }

  /** Every match shows the account's new name. */
  async renamed(accountId: string, name: string): Promise<void> {
    await this.eachMatch(accountId, (lobby) => {
      let changed = false;
      for (const m of lobby.members)
        if (m.accountId === accountId && m.name !== name) {
          m.name = name;
          changed = true;
        }
      return changed;
    });
  }

  /**
   * The account is going: its members stay in their matches (the games keep their seats) under an
   * anonymous name, tied to no account, without their notification settings (an e-mail, a webhook).
   */
  async anonymise(accountId: string): Promise<void> {
    const gone: [matchID: string, memberId: string][] = [];
    await this.eachMatch(accountId, (lobby, matchID) => {
      for (const s of lobby.seats) if (s.accountId === accountId) delete s.accountId;
      for (const m of lobby.members.filter((x: MemberRecord) => x.accountId === accountId)) {
        m.name = ANONYMOUS_NAME;
        delete m.accountId;
        delete m.recoveryHash;
        gone.push([matchID, m.id]);
      }
      return true;
    });
    for (const [matchID, memberId] of gone) await this.storage.putSide(matchID, NOTIFY_SETTINGS, memberId, null);
  }

  private async eachMatch(accountId: string, change: (lobby: LobbyRecord, matchID: string) => boolean): Promise<void> {
    const matches = new Set((await this.store.seatsOf(accountId)).map((r) => r.match_id));
    for (const matchID of matches) {
      try {
        await this.lobby.updateRecord(matchID, async ({ lobby }) => ({ save: change(lobby, matchID), value: undefined }));
      } catch (e) {
        if (!(e instanceof ApiError && e.code === 'not_found')) throw e;
        this.log.warn('account seat of a match that is gone', { matchID });
      }
    }
  }
}
