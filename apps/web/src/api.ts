/** The server's lobby API (apps/server/src/http/routes.ts) and what this browser remembers about its matches. */
import type { z } from 'zod';
import type {
  BotStrength,
  ClockSettings,
  ClockView,
  CreatedMatch,
  ErrorCode,
  GameInfo,
  Joined,
  MatchInfo,
  MatchStatus,
  NotificationInfo,
  Plan,
  Ruleset,
  ScenarioInfo,
  SeatKey,
  autopassInfo,
  autopassRequest,
  createMatchRequest,
  logEntries,
  notificationRequest,
  tokenResponse,
} from '@kon/protocol';

// The server's types, from the protocol's schemas (packages/protocol): never written out again here.
export type {
  AtZero,
  BotStrength,
  ClockSettings,
  ClockView,
  CreatedMatch,
  GameInfo,
  Joined,
  MatchInfo,
  MatchStatus,
  MemberInfo,
  NotificationInfo,
  Plan,
  Ruleset,
  ScenarioInfo,
  SeatKey,
} from '@kon/protocol';
export type SeatBots = Partial<Record<SeatKey, BotStrength>>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** A code of the protocol's error table; `http_<status>` when the answer was not the server's own. */
    readonly code: ErrorCode | `http_${number}`,
    message: string,
    /** For a limit's refusal: the seconds the server asks to wait. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const wait = json?.error?.retryAfter ?? Number(res.headers?.get?.('retry-after'));
    throw new ApiError(
      res.status,
      json?.error?.code ?? `http_${res.status}`,
      json?.error?.message ?? res.statusText,
      Number.isFinite(wait) && wait > 0 ? wait : undefined,
    );
  }
  return json as T;
}

let scenarioList: Promise<ScenarioInfo[]> | undefined;
let gameList: Promise<GameInfo[]> | undefined;

/**
 * Scenarios as the rulebook numbers them ("Scenario 1" before "Scenario 2", 10 after 9): the server
 * lists them in the order of their files' names, which follows no numbering.
 */
export function inBookOrder(list: readonly ScenarioInfo[]): ScenarioInfo[] {
  return [...list].sort((a, b) => a.name.en.localeCompare(b.name.en, 'en', { numeric: true }));
}

export const api = {
  /** A scenario is named by its id; the server creates the match with the scenario's own rules. */
  create: (
    plan: Plan,
    ruleset: Ruleset = 'basic',
    scenario?: string,
    visibility: 'private' | 'public' = 'private',
    bots: SeatBots = {},
    clock: ClockSettings = { mode: 'none' },
  ) =>
    call<CreatedMatch>('POST', '/api/matches', {
      plan,
      visibility,
      setupData: scenario ? { scenario } : { ruleset },
      ...(Object.keys(bots).length ? { bots } : {}),
      clock,
    } satisfies z.input<typeof createMatchRequest>),
  /** A match of a game other than Kampen om Norge: its seat plan and its default set-up. */
  createGame: (game: string, plan: Plan, visibility: 'private' | 'public' = 'private', bots?: SeatBots, clock?: ClockSettings) =>
    call<CreatedMatch>('POST', '/api/matches', {
      game,
      plan,
      visibility,
      ...(bots ? { bots } : {}),
      ...(clock && clock.mode !== 'none' ? { clock } : {}),
    } satisfies z.input<typeof createMatchRequest>),
  /** A lesson's match ("Learn to play"): the server brings its game, seats, set-up and computers. */
  createLesson: (lesson: string) => call<CreatedMatch>('POST', '/api/matches', { lesson } satisfies z.input<typeof createMatchRequest>),
  /** The games the server hosts, the default first (asked once per page load). */
  games: () =>
    (gameList ??= call<{ games: GameInfo[] }>('GET', '/api/games')
      .then((r) => r.games)
      .catch((e) => {
        gameList = undefined;
        throw e;
      })),
  /** Give a seat whose players are all away to the computer (a member of another seat asks). */
  handToComputer: (matchID: string, seat: SeatKey, strength: BotStrength, credentials: string) =>
    call<MatchInfo>('PUT', `/api/matches/${encodeURIComponent(matchID)}/seats/${encodeURIComponent(seat)}/bot`, { strength }, credentials),
  /** Take one's own seat back from the computer. */
  takeSeatBack: (matchID: string, seat: SeatKey, credentials: string) =>
    call<MatchInfo>('DELETE', `/api/matches/${encodeURIComponent(matchID)}/seats/${encodeURIComponent(seat)}/bot`, undefined, credentials),
  clock: (matchID: string, token: string) =>
    call<{ clock: ClockView | null }>('GET', `/api/matches/${encodeURIComponent(matchID)}/clock`, undefined, token),
  notifications: (matchID: string, credentials: string) =>
    call<NotificationInfo>('GET', `/api/matches/${encodeURIComponent(matchID)}/notifications`, undefined, credentials),
  setNotifications: (matchID: string, credentials: string, body: z.input<typeof notificationRequest>) =>
    call<NotificationInfo>('PUT', `/api/matches/${encodeURIComponent(matchID)}/notifications`, body, credentials),
  /** Whether the server passes for this member's side where passing is all it can do. */
  autopass: (matchID: string, credentials: string) =>
    call<z.infer<typeof autopassInfo>>('GET', `/api/matches/${encodeURIComponent(matchID)}/autopass`, undefined, credentials),
  setAutopass: (matchID: string, credentials: string, on: boolean) =>
    call<z.infer<typeof autopassInfo>>(
      'PUT',
      `/api/matches/${encodeURIComponent(matchID)}/autopass`,
      { on } satisfies z.input<typeof autopassRequest>,
      credentials,
    ),
  /** "Not this phase" (true) for the repeated window the side faces now, or "ask me each time" (false). */
  declineRepeated: (matchID: string, credentials: string, notThisPhase: boolean) =>
    call<z.infer<typeof autopassInfo>>(
      'PUT',
      `/api/matches/${encodeURIComponent(matchID)}/autopass`,
      { notThisPhase } satisfies z.input<typeof autopassRequest>,
      credentials,
    ),
  /** The scenarios the server offers (asked once per page load). */
  scenarios: () =>
    (scenarioList ??= call<{ scenarios: ScenarioInfo[] }>('GET', '/api/scenarios')
      .then((r) => inBookOrder(r.scenarios))
      .catch((e) => {
        scenarioList = undefined;
        throw e;
      })),
  join: (matchID: string, token: string, name: string) =>
    call<Joined>('POST', `/api/matches/${encodeURIComponent(matchID)}/join`, { token, name, browserKey: browserKey() }),
  /** Take this member's seat on this device with a one-time recovery link. */
  recover: (matchID: string, token: string) =>
    call<Joined>('POST', `/api/matches/${encodeURIComponent(matchID)}/recover`, { token, browserKey: browserKey() }),
  /** A new one-time recovery link for this member (shown once). */
  makeRecovery: (matchID: string, credentials: string) =>
    call<z.infer<typeof tokenResponse>>('POST', `/api/matches/${encodeURIComponent(matchID)}/members/me/recovery`, undefined, credentials),
  /** The holder's link for co-commanders (a new one replaces the old). */
  makeCoLink: (matchID: string, credentials: string) =>
    call<z.infer<typeof tokenResponse>>('POST', `/api/matches/${encodeURIComponent(matchID)}/seat/co-link`, undefined, credentials),
  revokeCoLink: (matchID: string, credentials: string) =>
    call<void>('DELETE', `/api/matches/${encodeURIComponent(matchID)}/seat/co-link`, undefined, credentials),
  removeMember: (matchID: string, credentials: string, memberId: string) =>
    call<void>('DELETE', `/api/matches/${encodeURIComponent(matchID)}/members/${encodeURIComponent(memberId)}`, undefined, credentials),
  /** A short status of each match this browser holds a seat in. */
  myMatches: (matches: { matchID: string; credentials: string }[]) =>
    call<{ matches: MatchStatus[] }>('POST', '/api/my-matches', { matches }).then((r) => r.matches),
  get: (matchID: string, token: string) => call<MatchInfo>('GET', `/api/matches/${encodeURIComponent(matchID)}`, undefined, token),
  /** Change this member's display name; answers with the match details. */
  rename: (matchID: string, credentials: string, name: string) =>
    call<MatchInfo>('PATCH', `/api/matches/${encodeURIComponent(matchID)}/members/me`, { name }, credentials),
  /** Leave the match: the credentials stop working at once. */
  /** The game's public log from entry `from` on (updates carry only each move's entries). */
  log: (matchID: string, token: string, from: number) =>
    call<z.infer<typeof logEntries>>('GET', `/api/matches/${encodeURIComponent(matchID)}/log?from=${from}`, undefined, token),
  leave: (matchID: string, credentials: string) =>
    call<void>('DELETE', `/api/matches/${encodeURIComponent(matchID)}/members/me`, undefined, credentials),
};

// ------------------------------------------------------------------ local memory

export interface Remembered {
  matchID: string;
  /** The seat this browser holds, with its credentials (absent for a spectator link). */
  member?: Joined;
  spectatorToken?: string;
  /** Invite links, kept by the browser that created the match. */
  links?: CreatedMatch['links'];
  /** The rules chosen at creation (the invite page shows them). */
  ruleset?: Ruleset;
  /** The scenario chosen at creation, if any. */
  scenario?: string;
  /** The match's game (absent: Kampen om Norge, or not known yet). */
  game?: string;
  /** The lesson the match plays ("Learn to play"): its page shows the step panel. */
  lesson?: string;
  createdAt: number;
}

const KEY = 'kon.matches';
function readAll(): Record<string, Remembered> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, Remembered>;
  } catch {
    return {};
  }
}
export function remembered(matchID: string): Remembered | undefined {
  return readAll()[matchID];
}
export function remember(matchID: string, patch: Partial<Remembered>) {
  const all = readAll();
  all[matchID] = { ...(all[matchID] ?? { matchID, createdAt: Date.now() }), ...patch, matchID };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or blocked: the session still works until reload */
  }
}
/** Forget this browser's seat (member credentials) in a match; invite links and a spectator link stay. */
export function forgetMember(matchID: string) {
  const all = readAll();
  const r = all[matchID];
  if (!r) return;
  delete r.member;
  if (!r.links && !r.spectatorToken) delete all[matchID];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* ignore */
  }
}
export function rememberedMatches(): Remembered[] {
  return Object.values(readAll()).sort((a, b) => b.createdAt - a.createdAt);
}
export function savedName(): string {
  try {
    return localStorage.getItem('kon.name') ?? '';
  } catch {
    return '';
  }
}
export function saveName(name: string) {
  try {
    localStorage.setItem('kon.name', name);
  } catch {
    /* ignore */
  }
}

/**
 * This browser's own random key, sent when it joins or recovers a seat: the server gives one browser
 * at most one seat per match (the match creator cannot take a second seat through the invite links).
 */
export function browserKey(): string {
  try {
    let key = localStorage.getItem('kon.browser');
    if (!key || !/^[A-Za-z0-9_-]{16,200}$/.test(key)) {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      key = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      localStorage.setItem('kon.browser', key);
    }
    return key;
  } catch {
    return `no-storage-${Math.random().toString(36).slice(2).padEnd(12, '0')}`;
  }
}

/** A recovery link: opens this member's seat on another device, once. */
export function recoveryLink(origin: string, matchID: string, token: string) {
  return `${origin}/m/${matchID}/recover#${token}`;
}

/** Invite links carry the token in the fragment: it never reaches a server log or a Referer. */
export function seatLink(origin: string, matchID: string, token: string) {
  return `${origin}/m/${matchID}/join#${token}`;
}
export function spectatorLink(origin: string, matchID: string, token: string) {
  return `${origin}/m/${matchID}/watch#${token}`;
}
