/**
 * Turns the engine's list of legal moves into the choices the UI offers. Nothing here decides what is
 * legal: every choice comes from `legalMoves`, and every move the UI sends is one of its entries.
 */

export interface LegalMove {
  move: string;
  args: unknown[];
}

export interface CardArgs {
  card: string;
  effect: number;
  from?: string;
  via?: string;
  to?: string;
  count?: number;
  attack?: string;
  target?: string;
}
export interface PlaceArgs {
  area: string;
  count: number;
  byAir?: boolean;
}
export type Split = Record<string, number>;

export interface Choices {
  /** from → to → the largest count that may go (every count from 1 up to it is legal). */
  moves: Map<string, Map<string, number>>;
  /** Playable cards: instance → every legal way to play it. */
  cards: Map<string, CardArgs[]>;
  pass: boolean;
  endPhase: boolean;
  combatAreas: string[];
  retreat: string[];
  place: PlaceArgs[];
  land: [string, string][];
  /** Cards that may be traded for symbols (any subset of them). */
  trade: string[];
  discard: string[];
  losses: Split[];
  answer: boolean;
  withdraw: Split[];
  any: boolean;
}

const arg = <T>(m: LegalMove) => (m.args[0] ?? {}) as T;

/** Passing is the only thing this seat can do: a window opened although nothing in its hand answers it. */
export function onlyPass(c: Choices): boolean {
  return (
    c.pass &&
    !c.endPhase &&
    !c.answer &&
    c.moves.size === 0 &&
    c.cards.size === 0 &&
    [c.combatAreas, c.retreat, c.place, c.land, c.trade, c.discard, c.losses, c.withdraw].every((xs) => xs.length === 0)
  );
}

export function toChoices(legal: readonly LegalMove[]): Choices {
  const c: Choices = {
    moves: new Map(),
    cards: new Map(),
    pass: false,
    endPhase: false,
    combatAreas: [],
    retreat: [],
    place: [],
    land: [],
    trade: [],
    discard: [],
    losses: [],
    answer: false,
    withdraw: [],
    any: legal.length > 0,
  };
  const tradeable = new Set<string>();
  for (const m of legal) {
    switch (m.move) {
      case 'move': {
        const { from, to, count } = arg<{ from: string; to: string; count: number }>(m);
        let inner = c.moves.get(from);
        if (!inner) c.moves.set(from, (inner = new Map()));
        inner.set(to, Math.max(inner.get(to) ?? 0, count));
        break;
      }
      case 'playCard': {
        const a = arg<CardArgs>(m);
        const list = c.cards.get(a.card) ?? [];
        list.push(a);
        c.cards.set(a.card, list);
        break;
      }
      case 'pass':
        c.pass = true;
        break;
      case 'endPhase':
        c.endPhase = true;
        break;
      case 'chooseCombat':
        c.combatAreas.push(arg<{ area: string }>(m).area);
        break;
      case 'retreat':
        c.retreat.push(arg<{ to: string }>(m).to);
        break;
      case 'place':
        c.place.push(arg<PlaceArgs>(m));
        break;
      case 'land':
        c.land.push(arg<{ areas: [string, string] }>(m).areas);
        break;
      case 'trade':
        for (const card of arg<{ cards: string[] }>(m).cards) tradeable.add(card);
        break;
      case 'discard':
        c.discard.push(arg<{ card: string }>(m).card);
        break;
      case 'chooseLosses':
        c.losses.push(normalizeSplit(arg<{ losses: Split }>(m).losses));
        break;
      case 'answerLosses':
        c.answer = true;
        break;
      case 'withdraw':
        c.withdraw.push(
          normalizeSplit(
            Object.fromEntries(arg<{ removals: { area: string; count: number }[] }>(m).removals.map((r) => [r.area, r.count])),
          ),
        );
        break;
    }
  }
  c.trade = [...tradeable];
  return c;
}

/** Drop zero entries so that splits compare by content. */
export function normalizeSplit(s: Split): Split {
  return Object.fromEntries(
    Object.entries(s)
      .filter(([, v]) => v > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
export function sameSplit(a: Split, b: Split): boolean {
  return JSON.stringify(normalizeSplit(a)) === JSON.stringify(normalizeSplit(b));
}
export function splitIsLegal(options: readonly Split[], s: Split): boolean {
  return options.some((o) => sameSplit(o, s));
}
/** The groups a set of legal splits distributes over, with the most each may take. */
export function splitGroups(options: readonly Split[]): { key: string; max: number }[] {
  const max = new Map<string, number>();
  for (const o of options) for (const [k, v] of Object.entries(o)) max.set(k, Math.max(max.get(k) ?? 0, v));
  return [...max].map(([key, m]) => ({ key, max: m }));
}
export function splitTotal(options: readonly Split[]): number {
  const first = options[0];
  return first ? Object.values(first).reduce((a, b) => a + b, 0) : 0;
}

// ------------------------------------------------------------------ card plays, one parameter at a time

export const PARAM_ORDER = ['effect', 'attack', 'target', 'from', 'via', 'to', 'count'] as const;
export type ParamKey = (typeof PARAM_ORDER)[number];

export type ParamStep =
  | { kind: 'choose'; key: ParamKey; values: (string | number)[] }
  | { kind: 'ready'; args: CardArgs }
  | { kind: 'none' };

/** Options still open after the choices made so far. */
export function narrow(options: readonly CardArgs[], chosen: Partial<CardArgs>): CardArgs[] {
  return options.filter((o) => Object.entries(chosen).every(([k, v]) => v === undefined || o[k as ParamKey] === v));
}

/**
 * The next parameter the player has to decide for a card play: the first one (in a fixed order)
 * whose legal values differ. Parameters with a single legal value are filled in silently.
 */
export function nextParam(options: readonly CardArgs[], chosen: Partial<CardArgs>): ParamStep {
  const open = narrow(options, chosen);
  if (open.length === 0) return { kind: 'none' };
  if (open.length === 1) return { kind: 'ready', args: open[0]! };
  for (const key of PARAM_ORDER) {
    if (chosen[key] !== undefined) continue;
    const values = [...new Set(open.map((o) => o[key]))].filter((v) => v !== undefined) as (string | number)[];
    if (values.length > 1 || (values.length === 1 && open.some((o) => o[key] === undefined)))
      return {
        kind: 'choose',
        key,
        values: values.sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)))),
      };
  }
  // Several options identical in every parameter: any of them is the same play.
  return { kind: 'ready', args: open[0]! };
}

/** Areas a player can start a move from (for highlighting own stacks). */
export function movableAreas(c: Choices): string[] {
  return [...c.moves.keys()];
}
/** Destinations of a stack with the largest count each. */
export function destinations(c: Choices, from: string): { to: string; max: number }[] {
  return [...(c.moves.get(from) ?? new Map<string, number>())].map(([to, max]) => ({ to, max }));
}

/** Placements grouped by area: the most that may be placed there, by sea or by air. */
export function placements(c: Choices): Map<string, { max: number; maxByAir: number }> {
  const out = new Map<string, { max: number; maxByAir: number }>();
  for (const p of c.place) {
    const e = out.get(p.area) ?? { max: 0, maxByAir: 0 };
    if (p.byAir) e.maxByAir = Math.max(e.maxByAir, p.count);
    else e.max = Math.max(e.max, p.count);
    out.set(p.area, e);
  }
  return out;
}
/** Second landing areas that go with a first one. */
export function landingPartners(c: Choices, first: string): string[] {
  const out = new Set<string>();
  for (const [a, b] of c.land) {
    if (a === first) out.add(b);
    if (b === first) out.add(a);
  }
  return [...out];
}
export function landingAreas(c: Choices): string[] {
  return [...new Set(c.land.flat())];
}
