/** The server's lobby API (apps/server/src/http.ts) and what this browser remembers about its matches. */

export type SeatKey = 'germany' | 'norway' | 'allies' | 'norway+allies';
export type Plan = 'three' | 'two' | 'teams';
export type Ruleset = 'basic' | 'advanced';

export interface CreatedMatch {
  matchID: string;
  plan: Plan;
  links: { seats: { seat: SeatKey; playerIDs: string[]; token: string }[]; spectator: string };
}
export interface Joined {
  matchID: string;
  memberId: string;
  name: string;
  seat: SeatKey;
  playerIDs: string[];
  credentials: string;
}
export interface MatchInfo {
  matchID: string;
  plan: Plan;
  setupData: { ruleset?: string; scenario?: string } | null;
  gameover: unknown;
  seats: {
    seat: SeatKey;
    playerIDs: string[];
    connected: boolean;
    members: { id: string; name: string; connected: boolean }[];
  }[];
  spectatorsConnected: number;
  you: { role: string; memberId?: string; seat?: SeatKey; playerIDs?: string[] };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
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
  if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'http_' + res.status, json?.error?.message ?? res.statusText);
  return json as T;
}

type Bilingual = { no: string; en: string };
/** A scenario as the lobby lists it (packages/game/scenarios/*.json on the server). */
export interface ScenarioInfo {
  id: string;
  ruleset: string;
  name: Bilingual;
  summary: Bilingual;
  goal: Bilingual;
  sheet: Bilingual;
  region: string[] | 'all';
}
let scenarioList: Promise<ScenarioInfo[]> | undefined;

export const api = {
  /** A scenario is named by its id; the server creates the match with the scenario's own rules. */
  create: (plan: Plan, ruleset: Ruleset = 'basic', scenario?: string) =>
    call<CreatedMatch>('POST', '/api/matches', { plan, visibility: 'private', setupData: scenario ? { scenario } : { ruleset } }),
  /** The scenarios the server offers (asked once per page load). */
  scenarios: () => (scenarioList ??= call<{ scenarios: ScenarioInfo[] }>('GET', '/api/scenarios').then((r) => r.scenarios).catch((e) => {
    scenarioList = undefined;
    throw e;
  })),
  join: (matchID: string, token: string, name: string) => call<Joined>('POST', `/api/matches/${encodeURIComponent(matchID)}/join`, { token, name }),
  get: (matchID: string, token: string) => call<MatchInfo>('GET', `/api/matches/${encodeURIComponent(matchID)}`, undefined, token),
  /** Change this member's display name; answers with the match details. */
  rename: (matchID: string, credentials: string, name: string) =>
    call<MatchInfo>('PATCH', `/api/matches/${encodeURIComponent(matchID)}/members/me`, { name }, credentials),
  /** Leave the match: the credentials stop working at once. */
  /** The game's public log from entry `from` on (updates carry only each move's entries). */
  log: (matchID: string, token: string, from: number) =>
    call<{ from: number; entries: unknown[] }>('GET', `/api/matches/${encodeURIComponent(matchID)}/log?from=${from}`, undefined, token),
  leave: (matchID: string, credentials: string) => call<void>('DELETE', `/api/matches/${encodeURIComponent(matchID)}/members/me`, undefined, credentials),
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

/** Invite links carry the token in the fragment: it never reaches a server log or a Referer. */
export function seatLink(origin: string, matchID: string, token: string) {
  return `${origin}/m/${matchID}/join#${token}`;
}
export function spectatorLink(origin: string, matchID: string, token: string) {
  return `${origin}/m/${matchID}/watch#${token}`;
}
