import type { Game, Server as BgioServer } from 'boardgame.io';
import { playersOfPlan, type GameModule, type GameRegistry } from '@kon/platform';
import type { Lesson } from '@kon/platform/lessons';
import { ApiError, notFound } from '../http/errors';
import type { KeyedMutex } from '../core/lock';
import type { Logger } from '../core/log';
import { hashToken, newMatchID, newSeed, newToken, tokenMatches } from '../core/secrets';
import * as seats from '../seats/seats';
import type { SqlStorage } from '../storage';
import { scenarioSummary, type ScenarioDef } from './scenarios';
import { initialState as newInitialState } from './match-setup';
import { assertJoinable, botsAtCreation, publicBots } from '../bots/seats';

export {
  SEAT_KEYS,
  PLANS,
  everySeatTaken,
  markBegun,
  type SeatKey,
  type Plan,
  type SeatRecord,
  type MemberRecord,
  type LobbyRecord,
} from './model';
import { markBegun, type LobbyRecord, type MemberRecord, type SeatKey, type SeatRecord } from './model';
import { deriveMetadata, seatOf } from './metadata';
export { authenticateCredentials, deriveMetadata } from './metadata';

export { createMatchParser, joinBody, recoverBody, renameBody, type CreateBody } from './requests';
import { createMatchParser, type CreateBody, type joinBody, publicSetup, type recoverBody } from './requests';
import type { z } from 'zod';
export type { Viewer } from './view';
import { lobbyView, type Viewer } from './view';

export type { Presence } from './presence';
import { noPresence, type Presence } from './presence';

/** The lobby: creating private/public matches with seat plans, joining by invite link, renaming, leaving. */
export class Lobby {
  /** Who is connected, and what a roster change tells (set once by the server's wiring, app-services.ts). */
  presence: Presence = noPresence;
  /** How long all of a seat's members must have been away from a running game before the others may hand it to the computer. */
  handOverAfterMs = 60_000;
  /** Told of every new match once it is stored (set once by the server's wiring: its services, in order). */
  onCreated: (matchID: string) => void = () => {};
  /** Checks a create request (POST /api/matches) against the game it names; throws an ApiError. */
  readonly parseCreate: (raw: unknown) => CreateBody;

  constructor(
    /** The games matches may be of; each is run as `serverGame` makes it (app.ts). */
    readonly games: GameRegistry,
    private readonly serverGame: (m: GameModule) => Game,
    private readonly storage: SqlStorage,
    private readonly lock: KeyedMutex,
    private readonly log: Logger,
    private readonly maxMembersPerSeat: number,
    readonly scenarios: readonly ScenarioDef[] = [],
    /** The lessons a match may be created as (docs/lessons.md). */
    readonly lessons: readonly Lesson[] = [],
  ) {
    this.parseCreate = createMatchParser(games, scenarios, lessons);
  }

  /** The games as GET /api/games lists them, the default first. */
  gameList() {
    return this.games.all.map((m) => ({
      id: m.id,
      name: m.texts.name,
      summary: m.texts.summary,
      players: m.players,
      // The computer players it offers, weakest first.
      bots: [...(m.bots?.levels ?? [])],
      atZero: m.loseOnTime ? ['pass', 'lose'] : ['pass'],
      // The default plan first.
      plans: Object.entries(m.plans)
        .sort(([a], [b]) => Number(b === m.defaultPlan) - Number(a === m.defaultPlan))
        .map(([plan, seats]) => ({ plan, seats: seats.map((s) => s.key) })),
      lessons: this.lessons.filter((l) => l.game === m.id).map(({ id, title, summary }) => ({ id, title, summary })),
    }));
  }

  /** The game of a stored match (one stored before there were several games is the default). */
  gameOf(metadata: Pick<BgioServer.MatchData, 'gameName'> | undefined): GameModule {
    return this.games.of(metadata?.gameName);
  }

  /** The scenarios matches may be created with, as the lobby and the in-game sheet show them. */
  scenarioList() {
    return this.scenarios.map(scenarioSummary);
  }

  async create(body: CreateBody) {
    const { plan, visibility, module } = body;
    const gameSetup = body.setupData;
    const setupData = publicSetup(gameSetup);
    // A clock that ends the game at zero needs the game's own loss on time.
    if (body.clock.mode !== 'none' && body.clock.atZero === 'lose' && !module.loseOnTime)
      throw new ApiError(400, 'invalid_body', 'The request body is not valid.', [
        { path: 'clock.atZero', message: `${module.texts.name.en} cannot be lost on time: choose "pass"` },
      ]);
    const planSeats = (module.plans[plan] ?? []).map((s) => ({ key: s.key as SeatKey, playerIDs: [...s.playerIDs] }));
    const bots = botsAtCreation(
      module,
      plan,
      planSeats.map((s) => s.key),
      body.bots,
    );
    const seatTokens = planSeats.map((s) => ({ ...s, token: newToken('seat') }));
    const spectatorToken = newToken('spectator');
    const lobby: LobbyRecord = {
      v: 2,
      plan,
      visibility,
      seats: seatTokens.map((s) => ({ key: s.key, playerIDs: s.playerIDs, linkHash: hashToken(s.token) })),
      spectatorHash: hashToken(spectatorToken),
      members: [],
      ...(bots ? { bots } : {}),
      ...(body.clock.mode !== 'none' ? { clock: body.clock } : {}),
      ...(body.lesson ? { lesson: body.lesson.id } : {}),
    };
    markBegun(lobby);
    // A fresh seed from the CSPRNG for every match (boardgame.io's default is Date.now()); a lesson's
    // is its own, so its deal and dice are the script's.
    const seededGame: Game = { ...this.serverGame(module), seed: body.lesson?.seed ?? newSeed() };
    const initialState = newInitialState(module, seededGame, playersOfPlan(planSeats), gameSetup);
    const now = Date.now();
    const metadata = deriveMetadata(
      {
        gameName: module.id,
        unlisted: visibility !== 'public',
        players: {},
        setupData,
        createdAt: now,
        updatedAt: now,
      },
      lobby,
    );
    const matchID = newMatchID();
    await this.storage.createMatchWithLobby(matchID, { initialState, metadata }, lobby, visibility === 'public');
    const { ruleset, scenario } = setupData as { ruleset?: string; scenario?: string };
    this.log.info('match created', {
      matchID,
      game: module.id,
      plan,
      visibility,
      ruleset,
      ...(scenario ? { scenario } : {}),
      ...(body.lesson ? { lesson: body.lesson.id } : {}),
      clock: body.clock.mode,
      ...(bots ? { bots: publicBots(lobby) } : {}),
    });
    this.onCreated(matchID);
    return {
      matchID,
      game: module.id,
      plan,
      visibility,
      setupData,
      clock: body.clock,
      links: {
        // A seat a computer player holds has no link: nobody joins it.
        seats: seatTokens.filter((s) => !bots?.[s.key]).map((s) => ({ seat: s.key, playerIDs: s.playerIDs, token: s.token })),
        spectator: spectatorToken,
      },
    };
  }

  private async load(matchID: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(matchID)) return undefined;
    const row = await this.storage.fetchLobby(matchID);
    if (!row?.lobby) return undefined;
    return { lobby: seats.migrateLobby(row.lobby), metadata: row.metadata };
  }

  /** Who is this token on this match? undefined when it opens nothing. */
  identify(lobby: LobbyRecord, tok: string | undefined): Viewer | undefined {
    if (tok === undefined) return lobby.visibility === 'public' ? { role: 'public' } : undefined;
    const member = seats.memberByCredentials(lobby, tok);
    if (member)
      return {
        role: 'member',
        memberId: member.id,
        seat: member.seat,
        playerIDs: seatOf(lobby, member.seat).playerIDs,
        holder: member.role === 'holder',
      };
    const seat = lobby.seats.find((s) => tokenMatches(tok, [s.linkHash]));
    if (seat) return { role: 'seat-link', seat: seat.key, playerIDs: seat.playerIDs, claimed: seat.holder !== undefined };
    const co = seats.seatByCoLink(lobby, tok);
    if (co) return { role: 'co-link', seat: co.key, playerIDs: co.playerIDs };
    if (tokenMatches(tok, [lobby.spectatorHash])) return { role: 'spectator' };
    return lobby.visibility === 'public' ? { role: 'public' } : undefined;
  }

  /** May this socket watch as a spectator (playerID null)? */
  async canSpectate(matchID: string, tok: unknown): Promise<boolean> {
    const row = await this.load(matchID);
    if (!row) return false;
    if (row.lobby.visibility === 'public') return true;
    return typeof tok === 'string' && this.identify(row.lobby, tok) !== undefined;
  }

  /** The member whose credentials these are, if they may act as playerID. */
  async memberFor(matchID: string, playerID: string, tok: unknown): Promise<string | undefined> {
    const row = await this.load(matchID);
    if (!row || typeof tok !== 'string') return undefined;
    const m = seats.memberByCredentials(row.lobby, tok);
    if (!m || !seatOf(row.lobby, m.seat).playerIDs.includes(playerID)) return undefined;
    return m.id;
  }

  async get(matchID: string, tok: string | undefined) {
    const row = await this.load(matchID);
    if (!row) throw notFound();
    const viewer = this.identify(row.lobby, tok);
    if (!viewer) throw notFound();
    return this.view(matchID, row.lobby, row.metadata, viewer);
  }

  /**
   * The game's public log from entry `from` on, for whoever may watch the match (its members, seat
   * links, the spectator link; anyone for a public match). Updates carry only each move's entries.
   */
  async history(matchID: string, tok: string | undefined, from: number): Promise<{ from: number; entries: unknown[] }> {
    const row = await this.load(matchID);
    if (!row || !this.identify(row.lobby, tok)) throw notFound();
    return { from, entries: await this.storage.fetchHistory(matchID, from) };
  }

  async list(limit = 50) {
    const rows = await this.storage.listPublic(limit);
    return rows.map((r) => {
      const lobby = seats.migrateLobby(r.lobby);
      return {
        matchID: r.id,
        game: this.gameOf(r.metadata).id,
        plan: lobby.plan,
        setupData: r.metadata.setupData,
        createdAt: r.createdAt,
        bots: publicBots(lobby),
        seats: lobby.seats.map((s) => ({
          seat: s.key,
          playerIDs: s.playerIDs,
          members: lobby.members.filter((m) => m.seat === s.key).map((m) => m.name),
        })),
      };
    });
  }

  async join(matchID: string, body: z.output<typeof joinBody>) {
    return this.lock.run(matchID, async () => {
      const row = await this.load(matchID);
      if (!row) throw notFound();
      const { lobby, metadata } = row;
      let seat: SeatRecord | undefined;
      let via: 'seat' | 'co' = 'seat';
      if (body.token !== undefined) {
        seat = lobby.seats.find((s) => tokenMatches(body.token, [s.linkHash]));
        if (!seat && (seat = seats.seatByCoLink(lobby, body.token))) via = 'co';
        if (!seat) {
          if (lobby.visibility !== 'public') throw notFound();
          throw new ApiError(403, 'bad_seat_token', 'This is not a seat link of this match.');
        }
      } else if (lobby.visibility === 'public' && body.seat !== undefined) {
        seat = lobby.seats.find((s) => s.key === body.seat);
        if (!seat) throw new ApiError(400, 'no_such_seat', 'This match has no such seat in its seat plan.');
      } else if (lobby.visibility === 'public') {
        throw new ApiError(400, 'seat_required', 'Give the seat to join (or a seat link token).');
      } else {
        throw notFound();
      }
      if (metadata.gameover !== undefined && metadata.gameover !== null) throw new ApiError(409, 'game_over', 'This match is over.');
      assertJoinable(lobby, seat.key);
      const seated = seats.seatPerson(lobby, seat, via, body.name, body.browserKey, this.maxMembersPerSeat);
      await this.save(matchID, lobby, metadata);
      this.log.info(seated.returning ? 'member returned' : 'member joined', { matchID, memberId: seated.member.id, seat: seat.key, via });
      this.presence.rosterChanged(matchID, []);
      return this.joined(matchID, lobby, seated, metadata);
    });
  }

  private joined(matchID: string, lobby: LobbyRecord, { member, credentials, returning }: seats.Seated, metadata: BgioServer.MatchData) {
    return {
      matchID,
      game: this.gameOf(metadata).id,
      memberId: member.id,
      name: member.name,
      seat: member.seat,
      playerIDs: seatOf(lobby, member.seat).playerIDs,
      role: member.role,
      returning,
      /** boardgame.io credentials for this person (send as `credentials` on the socket, Bearer on the API). */
      credentials,
    };
  }

  /** Restore a member on another device with their one-time recovery link. */
  async recover(matchID: string, body: z.output<typeof recoverBody>) {
    return this.lock.run(matchID, async () => {
      const row = await this.load(matchID);
      if (!row) throw notFound();
      const seated = seats.recover(row.lobby, body.token, body.browserKey);
      if (!seated) throw notFound();
      await this.save(matchID, row.lobby, row.metadata);
      this.log.info('member recovered', { matchID, memberId: seated.member.id });
      this.presence.rosterChanged(matchID, []);
      return this.joined(matchID, row.lobby, seated, row.metadata);
    });
  }

  /**
   * A change by a member to the seat records (co-commander links, removals, recovery links), under the
   * match's lock, saved, and pushed to everyone connected. `fn` answers what the API returns.
   */
  private async asMember<T>(
    matchID: string,
    tok: string | undefined,
    fn: (lobby: LobbyRecord, member: MemberRecord) => T,
    removed: (r: T) => string[] = () => [],
  ) {
    return this.lock.run(matchID, async () => {
      const { row, member } = await this.requireMember(matchID, tok);
      const out = fn(row.lobby, member);
      await this.save(matchID, row.lobby, row.metadata);
      this.presence.rosterChanged(matchID, removed(out));
      return out;
    });
  }

  async makeCoLink(matchID: string, tok: string | undefined) {
    return { token: await this.asMember(matchID, tok, seats.makeCoLink) };
  }

  async revokeCoLink(matchID: string, tok: string | undefined) {
    await this.asMember(matchID, tok, seats.revokeCoLink);
  }

  async removeCoCommander(matchID: string, tok: string | undefined, memberId: string) {
    const id = await this.asMember(
      matchID,
      tok,
      (lobby, holder) => seats.removeCoCommander(lobby, holder, memberId),
      (id) => [id],
    );
    this.log.info('co-commander removed', { matchID, memberId: id });
  }

  async makeRecovery(matchID: string, tok: string | undefined) {
    return { token: await this.asMember(matchID, tok, (_lobby, member) => seats.makeRecovery(member)) };
  }

  /** The views to push to a match's sockets: one per member connected, and one for spectators (undefined). */
  async viewsFor(matchID: string, memberIds: readonly (string | undefined)[]) {
    const row = await this.load(matchID);
    const out = new Map<string | undefined, ReturnType<Lobby['view']>>();
    if (!row) return out;
    for (const id of new Set(memberIds)) {
      const m = id === undefined ? undefined : row.lobby.members.find((x) => x.id === id);
      const viewer: Viewer = m
        ? { role: 'member', memberId: m.id, seat: m.seat, playerIDs: seatOf(row.lobby, m.seat).playerIDs, holder: m.role === 'holder' }
        : { role: 'spectator' };
      out.set(id, this.view(matchID, row.lobby, row.metadata, viewer));
    }
    return out;
  }

  /** The member behind these credentials and their match, for read-only summaries (my matches). */
  async memberOf(matchID: string, tok: string) {
    const row = await this.load(matchID);
    const m = row && seats.memberByCredentials(row.lobby, tok);
    if (!row || !m) return undefined;
    return {
      viewer: this.identify(row.lobby, tok) as Extract<Viewer, { role: 'member' }>,
      lobby: row.lobby,
      metadata: row.metadata,
      view: () => this.view(matchID, row.lobby, row.metadata, this.identify(row.lobby, tok)!),
    };
  }

  async rename(matchID: string, tok: string | undefined, name: string) {
    return this.lock.run(matchID, async () => {
      const { row, member } = await this.requireMember(matchID, tok);
      member.name = name;
      await this.save(matchID, row.lobby, row.metadata);
      this.presence.rosterChanged(matchID, []);
      return this.view(matchID, row.lobby, row.metadata, this.identify(row.lobby, tok)!);
    });
  }

  async leave(matchID: string, tok: string | undefined) {
    await this.lock.run(matchID, async () => {
      const { row, member } = await this.requireMember(matchID, tok);
      seats.removeMember(row.lobby, member);
      await this.save(matchID, row.lobby, row.metadata);
      this.log.info('member left', { matchID, memberId: member.id });
      this.presence.rosterChanged(matchID, [member.id]);
    });
  }

  private async requireMember(matchID: string, tok: string | undefined) {
    const row = await this.load(matchID);
    if (!row) throw notFound();
    const member = tok === undefined ? undefined : seats.memberByCredentials(row.lobby, tok);
    if (!member) {
      if (row.lobby.visibility === 'private' && !this.identify(row.lobby, tok)) throw notFound();
      throw new ApiError(403, 'not_a_member', 'Only a joined member may do this, with their own credentials.');
    }
    return { row, member };
  }

  private async save(matchID: string, lobby: LobbyRecord, metadata: BgioServer.MatchData) {
    // Re-read the metadata inside the lock so a concurrent move's metadata write (updatedAt, gameover) is kept.
    const fresh = (await this.storage.fetchLobby(matchID))?.metadata ?? metadata;
    markBegun(lobby);
    await this.lock.touched(matchID); // other processes' copies of the record are old from here
    await this.storage.setLobby(matchID, lobby, deriveMetadata({ ...fresh, updatedAt: Date.now() }, lobby));
  }

  /** A match's lobby record and metadata as stored, or undefined (for modules that own a field of the record, such as bots). */
  record(matchID: string) {
    return this.load(matchID);
  }

  /**
   * Read, change and store a match's lobby record under the match's lock (for modules that own a field
   * of it, such as bots); `change` answers `save: false` to store nothing. Throws not found for an unknown match.
   */
  async updateRecord<T>(
    matchID: string,
    change: (row: { lobby: LobbyRecord; metadata: BgioServer.MatchData }) => Promise<{ save: boolean; value: T }>,
  ): Promise<T> {
    return this.lock.run(matchID, async () => {
      const row = await this.load(matchID);
      if (!row) throw notFound();
      const { save, value } = await change(row);
      if (save) {
        await this.save(matchID, row.lobby, row.metadata);
        this.presence.rosterChanged(matchID, []);
      }
      return value;
    });
  }

  /** What a viewer may see: no token hashes, no credentials. */
  view(matchID: string, lobby: LobbyRecord, metadata: BgioServer.MatchData, viewer: Viewer) {
    const online = this.presence.members(matchID);
    const away = this.presence.awaySince(matchID);
    const here = { online, away, spectators: this.presence.spectators(matchID) };
    return { ...lobbyView(matchID, lobby, metadata, viewer, here, this.handOverAfterMs), game: this.gameOf(metadata).id };
  }
}
