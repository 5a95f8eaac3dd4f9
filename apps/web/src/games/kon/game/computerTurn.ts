/**
 * What the computer just did, for people to follow at a glance: the areas its moves touched (marked on
 * the map, with an arrow per march and "+n" per placement) and one line in words ("Norway moved 3
 * battalions and placed 2 in Bergen"). Read only from the game log the page holds, which every seat and
 * spectator sees alike, so the marks tell nothing the log does not.
 *
 * The marks cover the computer's decisions since the last decision of a person (a move, a placement, a
 * card, a retreat…: turn and phase changes and the dice are no one's decision), and at most one round
 * back, so a match where the computer plays every side shows its last round only.
 */
import type { Faction, LogEntry } from '@kon/game';
import { translate, type Lang } from '../../../i18n';
import { cardName } from './cardNames';
import { areaName, BOARD } from './data';

/** A march from one area to another: a move, an attack, a retreat, a flight or a crossing by sea. */
export interface FollowArrow {
  faction: Faction;
  from: string;
  to: string;
  count: number;
  attack: boolean;
}
/** An area a computer move touched; `placed` battalions were set there (0 when only moved through). */
export interface FollowArea {
  area: string;
  faction: Faction;
  placed: number;
}
export interface FollowMarks {
  areas: FollowArea[];
  arrows: FollowArrow[];
  /** The computer sides that acted (or had a turn) in the stretch, in the order they first appear. */
  factions: Faction[];
  /** The log entries the marks were read from: the stretch is log.slice(from). */
  from: number;
}

/** Events that are a side's own choice; a person's choice ends the stretch the marks cover. */
const DECISIONS = new Set([
  'move',
  'attack',
  'reinforced',
  'landed',
  'traded',
  'discarded',
  'cardPlayed',
  'airlift',
  'seaMove',
  'retreated',
  'escaped',
  'evacuated',
  'lossesAgreed',
  'lossesDisputed',
  'withdrew',
  'april9Deployed',
  'april9Reallocated',
  'april9CardPlayed',
  'april9CardsChosen',
  'mobilized',
  'shipPlaced',
  'shipsSailed',
  'shipsCommitted',
  'interception',
  'noInterception',
]);
/** Marches: an arrow from → to. */
const MARCHES = new Set(['move', 'attack', 'airlift', 'seaMove', 'retreated', 'escaped', 'evacuated', 'april9Reallocated']);
/** Battalions set on the board in one area. */
const PLACEMENTS = new Set(['reinforced', 'april9Deployed', 'mobilized']);
const LAND = new Set(BOARD.areas.map((a) => a.id));

const str = (x: unknown) => (typeof x === 'string' ? x : '');
const num = (x: unknown, fallback: number) => (typeof x === 'number' && Number.isFinite(x) ? x : fallback);

/** Where the stretch of the computer's latest play begins in `log` (log.length when there is none). */
function stretchStart(log: readonly LogEntry[], computer: ReadonlySet<Faction>): number {
  let turns = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.faction && !computer.has(e.faction) && DECISIONS.has(e.event)) return i + 1;
    // Three turns back is a round: nothing older is marked.
    if (e.event === 'turnStarts' && ++turns === 3) return i;
  }
  return 0;
}

/** The marks for the computer's latest play, or null when it did nothing since a person last decided. */
export function followMarks(log: readonly LogEntry[], computer: ReadonlySet<Faction>): FollowMarks | null {
  if (computer.size === 0) return null;
  const from = stretchStart(log, computer);
  const areas = new Map<string, FollowArea>();
  const arrows: FollowArrow[] = [];
  const factions: Faction[] = [];
  const touch = (area: string, faction: Faction, placed: number) => {
    if (!LAND.has(area)) return;
    const had = areas.get(area);
    if (had) had.placed += placed;
    else areas.set(area, { area, faction, placed });
  };
  for (const e of log.slice(from)) {
    const f = e.faction;
    if (!f || !computer.has(f)) continue;
    const d = e.data ?? {};
    if (MARCHES.has(e.event)) {
      const a = str(d.from);
      const b = str(d.to);
      if (!LAND.has(a) || !LAND.has(b)) continue;
      arrows.push({ faction: f, from: a, to: b, count: num(d.count, 1), attack: e.event === 'attack' });
      touch(a, f, 0);
      touch(b, f, 0);
    } else if (PLACEMENTS.has(e.event)) touch(str(d.area), f, num(d.count, 1));
    else if (e.event === 'landed') for (const a of Array.isArray(d.areas) ? d.areas : []) touch(String(a), f, 0);
    else if (e.event === 'paradrop' || e.event === 'occupied') touch(str(d.area), f, 0);
    else if (e.event !== 'turnStarts' && e.event !== 'cardPlayed') continue;
    if (!factions.includes(f)) factions.push(f);
  }
  return factions.length ? { areas: [...areas.values()], arrows, factions, from } : null;
}

const LISTS = { no: new Intl.ListFormat('nb', { type: 'conjunction' }), en: new Intl.ListFormat('en', { type: 'conjunction' }) };
const PLURAL = { no: new Intl.PluralRules('nb'), en: new Intl.PluralRules('en') };
const battalions = (lang: Lang, k: number) =>
  `${k} ${PLURAL[lang].select(k) === 'one' ? (lang === 'no' ? 'bataljon' : 'battalion') : lang === 'no' ? 'bataljoner' : 'battalions'}`;
const names = (lang: Lang, ids: readonly string[]) => LISTS[lang].format([...new Set(ids)].map(areaName));

/** One sentence per computer side: what it moved, attacked, landed, played and placed ("Norway moved 3 battalions and placed 2 in Bergen."). */
export function followSummary(log: readonly LogEntry[], marks: FollowMarks, lang: Lang): string {
  const no = lang === 'no';
  const stretch = log.slice(marks.from);
  return marks.factions
    .map((f) => {
      let moved = 0;
      const attacked: string[] = [];
      const placedIn: string[] = [];
      let placed = 0;
      const landed: string[] = [];
      const cards: string[] = [];
      for (const e of stretch) {
        if (e.faction !== f) continue;
        const d = e.data ?? {};
        if (e.event === 'attack') attacked.push(str(d.to));
        else if (MARCHES.has(e.event)) moved += num(d.count, 1);
        else if (PLACEMENTS.has(e.event)) {
          placed += num(d.count, 1);
          placedIn.push(str(d.area));
        } else if (e.event === 'landed') landed.push(...(Array.isArray(d.areas) ? d.areas.map(String) : []));
        else if (e.event === 'cardPlayed') cards.push(cardName(str(d.card), lang));
      }
      const parts: string[] = [];
      if (moved) parts.push(no ? `flyttet ${battalions(lang, moved)}` : `moved ${battalions(lang, moved)}`);
      if (attacked.length) parts.push(no ? `angrep ${names(lang, attacked)}` : `attacked ${names(lang, attacked)}`);
      if (landed.length) parts.push(no ? `gikk i land i ${names(lang, landed)}` : `landed in ${names(lang, landed)}`);
      if (cards.length) parts.push(no ? `spilte ${LISTS[lang].format(cards)}` : `played ${LISTS[lang].format(cards)}`);
      if (placed) parts.push(no ? `satte ut ${placed} i ${names(lang, placedIn)}` : `placed ${placed} in ${names(lang, placedIn)}`);
      const side = translate(lang, `faction.${f}`);
      const what = parts.length ? LISTS[lang].format(parts) : no ? 'gjorde ingen trekk på kartet' : 'made no move on the map';
      return `${side} ${what}.`;
    })
    .join(' ');
}
