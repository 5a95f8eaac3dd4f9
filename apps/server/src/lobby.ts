import { createRequire } from 'node:module';
import type { Game, Server as BgioServer } from 'boardgame.io';
import { z } from 'zod';
import { ApiError, notFound } from './errors';
import type { KeyedMutex } from './lock';
import type { Logger } from './log';
import { hashToken, newMatchID, newMemberID, newSeed, newToken, tokenMatches } from './secrets';
import type { SqlStorage } from './storage';
import { scenarioSummary, type ScenarioDef } from './scenarios';

const require = createRequire(import.meta.url);
const { InitializeGame } = require('boardgame.io/internal') as typeof import('boardgame.io/internal');

export const NUM_PLAYERS = 3;
export const SEAT_KEYS = ['germany', 'norway', 'allies', 'norway+allies'] as const;
export type SeatKey = (typeof SEAT_KEYS)[number];
export const PLANS = ['three', 'two', 'teams'] as const;
export type Plan = (typeof PLANS)[number];

/** Which seats each plan hands out, and which boardgame.io playerIDs each seat commands. */
export const PLAN_SEATS: Record<Plan, { key: SeatKey; playerIDs: string[] }[]> = {
  three: [
    { key: 'germany', playerIDs: ['0'] },
    { key: 'norway', playerIDs: ['1'] },
    { key: 'allies', playerIDs: ['2'] },
  ],
  two: [
    { key: 'germany', playerIDs: ['0'] },
    { key: 'norway+allies', playerIDs: ['1', '2'] },
  ],
  teams: [
    { key: 'germany', playerIDs: ['0'] },
    { key: 'norway', playerIDs: ['1'] },
    { key: 'allies', playerIDs: ['2'] },
  ],
};

interface SeatRecord {
  key: SeatKey;
  playerIDs: string[];
  linkHash: string;
}
interface MemberRecord {
  id: string;
  seat: SeatKey;
  name: string;
  credHash: string;
  joinedAt: number;
}
/** Stored server-side only (never sent as is): token hashes and members. */
export interface LobbyRecord {
  v: 1;
  plan: Plan;
  visibility: 'private' | 'public';
  seats: SeatRecord[];
  spectatorHash: string;
  members: MemberRecord[];
}

export const displayName = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(32, 'name must be at most 32 characters')
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), 'name must not contain control characters');

const token = z.string().min(8).max(200);

/**
 * A client names a scenario by its id; the game is created with the whole scenario from the server's
 * files (the client never sends rules). An unknown id is refused naming the ones there are.
 */
function withScenario(scenarios: readonly ScenarioDef[]) {
  return (raw: unknown, ctx: z.RefinementCtx) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const id = (raw as { scenario?: unknown }).scenario;
    if (id === undefined) return raw;
    const s = typeof id === 'string' ? scenarios.find((x) => x.id === id) : undefined;
    if (!s) {
      ctx.addIssue({ code: 'custom', path: ['scenario'], message: `unknown scenario; there are: ${scenarios.map((x) => x.id).join(', ') || 'none'}` });
      return raw;
    }
    return { ...raw, ruleset: s.ruleset, scenario: s };
  };
}

export function createMatchBody(setupDataSchema: z.ZodType, scenarios: readonly ScenarioDef[] = []) {
  return z.strictObject({
    plan: z.enum(PLANS).default('three'),
    visibility: z.enum(['private', 'public']).default('private'),
    setupData: z.preprocess(withScenario(scenarios), setupDataSchema).default({ ruleset: 'basic' } as never),
  });
}

/** What is stored and shown of a match's set-up: the scenario by its id, not its whole file. */
function publicSetup(setupData: unknown): unknown {
  const s = (setupData as { scenario?: { id: string; ruleset: string } }).scenario;
  return s ? { ruleset: s.ruleset, scenario: s.id } : setupData;
}
export const joinBody = z.strictObject({
  token: token.optional(),
  seat: z.enum(SEAT_KEYS).optional(),
  name: displayName,
});
export const renameBody = z.strictObject({ name: displayName });

export type Viewer =
  | { role: 'member'; memberId: string; seat: SeatKey; playerIDs: string[] }
  | { role: 'seat-link'; seat: SeatKey; playerIDs: string[] }
  | { role: 'spectator' }
  | { role: 'public' };

export interface Presence {
  /** connected member ids of a match */
  members(matchID: string): Set<string>;
  spectators(matchID: string): number;
  /** called after a member left or the roster changed */
  rosterChanged(matchID: string, removedMemberIds: string[]): void;
}

/** The lobby: creating private/public matches with seat plans, joining by invite link, renaming, leaving. */
export class Lobby {
  presence: Presence = { members: () => new Set(), spectators: () => 0, rosterChanged: () => {} };
  readonly createBody;

  constructor(
    private readonly game: Game,
    setupDataSchema: z.ZodType,
    private readonly storage: SqlStorage,
    private readonly lock: KeyedMutex,
    private readonly log: Logger,
    private readonly maxMembersPerSeat: number,
    readonly scenarios: readonly ScenarioDef[] = [],
  ) {
    this.createBody = createMatchBody(setupDataSchema, scenarios);
  }

  /** The scenarios matches may be created with, as the lobby and the in-game sheet show them. */
  scenarioList() {
    return this.scenarios.map(scenarioSummary);
  }

  async create(body: z.output<ReturnType<typeof createMatchBody>>) {
    const { plan, visibility } = body;
    const gameSetup = body.setupData;
    const setupData = publicSetup(gameSetup);
    const seatTokens = PLAN_SEATS[plan].map((s) => ({ ...s, token: newToken('seat') }));
    const spectatorToken = newToken('spectator');
    const lobby: LobbyRecord = {
      v: 1,
      plan,
      visibility,
      seats: seatTokens.map((s) => ({ key: s.key, playerIDs: s.playerIDs, linkHash: hashToken(s.token) })),
      spectatorHash: hashToken(spectatorToken),
      members: [],
    };
    // A fresh seed from the CSPRNG for every match (boardgame.io's default is Date.now()).
    const seededGame: Game = { ...this.game, seed: newSeed() };
    const initialState = InitializeGame({ game: seededGame, numPlayers: NUM_PLAYERS, setupData: gameSetup });
    const now = Date.now();
    const metadata = deriveMetadata(
      {
        gameName: this.game.name ?? 'default',
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
    this.log.info('match created', { matchID, plan, visibility, ruleset, ...(scenario ? { scenario } : {}) });
    return {
      matchID,
      plan,
      visibility,
      setupData,
      links: {
        seats: seatTokens.map((s) => ({ seat: s.key, playerIDs: s.playerIDs, token: s.token })),
        spectator: spectatorToken,
      },
    };
  }

  private async load(matchID: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(matchID)) return undefined;
    const row = await this.storage.fetchLobby(matchID);
    if (!row || !row.lobby) return undefined;
    return { lobby: row.lobby as LobbyRecord, metadata: row.metadata };
  }

  /** Who is this token on this match? undefined when it opens nothing. */
  identify(lobby: LobbyRecord, tok: string | undefined): Viewer | undefined {
    if (tok === undefined) return lobby.visibility === 'public' ? { role: 'public' } : undefined;
    const member = lobby.members.find((m) => tokenMatches(tok, [m.credHash]));
    if (member) return { role: 'member', memberId: member.id, seat: member.seat, playerIDs: seatOf(lobby, member.seat).playerIDs };
    const seat = lobby.seats.find((s) => tokenMatches(tok, [s.linkHash]));
    if (seat) return { role: 'seat-link', seat: seat.key, playerIDs: seat.playerIDs };
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
    const m = row.lobby.members.find((x) => tokenMatches(tok, [x.credHash]));
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
      const lobby = r.lobby as LobbyRecord;
      return {
        matchID: r.id,
        plan: lobby.plan,
        setupData: r.metadata.setupData,
        createdAt: r.createdAt,
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
      if (body.token !== undefined) {
        seat = lobby.seats.find((s) => tokenMatches(body.token, [s.linkHash]));
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
      if (metadata.gameover !== undefined && metadata.gameover !== null)
        throw new ApiError(409, 'game_over', 'This match is over.');
      const onSeat = lobby.members.filter((m) => m.seat === seat.key).length;
      if (onSeat >= this.maxMembersPerSeat)
        throw new ApiError(409, 'seat_full', `At most ${this.maxMembersPerSeat} people may share a seat.`);
      const credentials = newToken('member');
      const member: MemberRecord = {
        id: newMemberID(),
        seat: seat.key,
        name: body.name,
        credHash: hashToken(credentials),
        joinedAt: Date.now(),
      };
      lobby.members.push(member);
      await this.save(matchID, lobby, metadata);
      this.log.info('member joined', { matchID, memberId: member.id, seat: seat.key });
      this.presence.rosterChanged(matchID, []);
      return {
        matchID,
        memberId: member.id,
        name: member.name,
        seat: seat.key,
        playerIDs: seat.playerIDs,
        /** boardgame.io credentials for this person (send as `credentials` on the socket, Bearer on the API). */
        credentials,
      };
    });
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
      row.lobby.members = row.lobby.members.filter((m) => m.id !== member.id);
      await this.save(matchID, row.lobby, row.metadata);
      this.log.info('member left', { matchID, memberId: member.id });
      this.presence.rosterChanged(matchID, [member.id]);
    });
  }

  private async requireMember(matchID: string, tok: string | undefined) {
    const row = await this.load(matchID);
    if (!row) throw notFound();
    const member = tok === undefined ? undefined : row.lobby.members.find((m) => tokenMatches(tok, [m.credHash]));
    if (!member) {
      if (row.lobby.visibility === 'private' && !this.identify(row.lobby, tok)) throw notFound();
      throw new ApiError(403, 'not_a_member', 'Only a joined member may do this, with their own credentials.');
    }
    return { row, member };
  }

  private async save(matchID: string, lobby: LobbyRecord, metadata: BgioServer.MatchData) {
    // Re-read the metadata inside the lock so a concurrent move's metadata write (updatedAt, gameover) is kept.
    const fresh = (await this.storage.fetchLobby(matchID))?.metadata ?? metadata;
    await this.storage.setLobby(matchID, lobby, deriveMetadata({ ...fresh, updatedAt: Date.now() }, lobby));
  }

  /** What a viewer may see: no token hashes, no credentials. */
  view(matchID: string, lobby: LobbyRecord, metadata: BgioServer.MatchData, viewer: Viewer) {
    const online = this.presence.members(matchID);
    return {
      matchID,
      plan: lobby.plan,
      visibility: lobby.visibility,
      setupData: metadata.setupData,
      createdAt: metadata.createdAt,
      updatedAt: metadata.updatedAt,
      gameover: metadata.gameover ?? null,
      seats: lobby.seats.map((s) => {
        const members = lobby.members
          .filter((m) => m.seat === s.key)
          .map((m) => ({ id: m.id, name: m.name, joinedAt: m.joinedAt, connected: online.has(m.id) }));
        return { seat: s.key, playerIDs: s.playerIDs, connected: members.some((m) => m.connected), members };
      }),
      spectatorsConnected: this.presence.spectators(matchID),
      you: viewer,
    };
  }
}

function seatOf(lobby: LobbyRecord, key: SeatKey): SeatRecord {
  const s = lobby.seats.find((x) => x.key === key);
  if (!s) throw new Error(`seat ${key} missing`);
  return s;
}

/**
 * boardgame.io metadata derived from the lobby record: per playerID the display names and the list of
 * credential hashes that may act for it (read by authenticateCredentials; boardgame.io strips `credentials`
 * before sending metadata, and we send our own filtered copy anyway).
 */
export function deriveMetadata(base: BgioServer.MatchData, lobby: LobbyRecord): BgioServer.MatchData {
  const players: BgioServer.MatchData['players'] = {};
  for (let i = 0; i < NUM_PLAYERS; i++) {
    const pid = String(i);
    const members = lobby.members.filter((m) => seatOf(lobby, m.seat).playerIDs.includes(pid));
    const p: BgioServer.PlayerMetadata = { id: i };
    if (members.length > 0) {
      p.name = members.map((m) => m.name).join(', ');
      p.credentials = members.map((m) => m.credHash) as unknown as string;
    }
    players[i] = p;
  }
  return { ...base, players };
}

/** The Server's authenticateCredentials: the credentials must hash to one listed for this playerID. */
export function authenticateCredentials(credentials: string, playerMetadata: BgioServer.PlayerMetadata | undefined) {
  const hashes = playerMetadata?.credentials as unknown;
  if (!Array.isArray(hashes)) return false;
  return tokenMatches(credentials, hashes as string[]);
}
