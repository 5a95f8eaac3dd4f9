/**
 * Ships and 9. April cards as the UI needs them: names, types, dice tables, texts, and what each
 * seat may know of the fleets. Reads only the viewer's own view: another faction's face-down ship
 * arrives with `id: null`, and nothing here could name it.
 */
import { april9Card, april9SymbolsOf, FACTIONS, ship, shipTypeOf, SHIPS, type Faction, type FactionView } from '@kon/game';
import type { Lang } from '../../../i18n';

export interface ShipInfo {
  id: string;
  name: string;
  faction: Faction;
  type: string;
  typeName: string;
  sink: number[];
  chase: number[];
  voids: number;
  speed: number;
  dummy: boolean;
  text: string;
}

export function shipInfo(id: string, lang: Lang): ShipInfo {
  const s = ship(id);
  const t = shipTypeOf(s);
  return {
    id,
    name: s.name,
    faction: s.faction,
    type: s.type,
    typeName: lang === 'no' ? t.nameNo : t.nameEn,
    sink: [...t.sink],
    chase: [...t.chase],
    voids: t.cardsVoided,
    speed: t.speed,
    dummy: s.type === 'dummy',
    text: t.text[lang],
  };
}
export function shipName(id: string | null | undefined): string | null {
  if (!id) return null;
  try {
    return ship(id).name;
  } catch {
    return null;
  }
}

/** Die faces as a range, "5–6" or "6". */
export function faces(xs: readonly number[]): string {
  if (xs.length === 0) return '';
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length > 1 && sorted[sorted.length - 1]! - sorted[0]! === sorted.length - 1
    ? `${sorted[0]}–${sorted[sorted.length - 1]}`
    : sorted.join(', ');
}

export type ShipPlace = string; // a sea zone or 'raid'

export interface StackView {
  at: ShipPlace;
  owner: Faction;
  /** Ships whose identity the viewer knows (its own, or any face up), with their face. */
  known: { id: string; faceUp: boolean }[];
  /** Another faction's face-down ships: only how many. */
  hidden: number;
}

/** The ships on the board, grouped by place and owner, as this view shows them. */
export function shipStacks(G: FactionView): StackView[] {
  const out = new Map<string, StackView>();
  for (const s of G.ships ?? []) {
    const key = `${s.at}|${s.owner}`;
    const e = out.get(key) ?? { at: s.at, owner: s.owner, known: [], hidden: 0 };
    if (s.id) e.known.push({ id: s.id, faceUp: s.faceUp });
    else e.hidden += 1;
    out.set(key, e);
  }
  return [...out.values()];
}

/** Ships of each faction in no place on the board and not gone: its reserve (public arithmetic). */
export function reserveCounts(G: FactionView): Record<Faction, number> {
  const gone = [...(G.shipsGone?.sunk ?? []), ...(G.shipsGone?.removed ?? [])];
  return Object.fromEntries(
    FACTIONS.map((f) => {
      const total = SHIPS.filter((s) => s.faction === f).length;
      const onBoard = (G.ships ?? []).filter((s) => s.owner === f).length;
      const lost = gone.filter((id) => shipFaction(id) === f).length;
      return [f, total - onBoard - lost];
    }),
  ) as Record<Faction, number>;
}
function shipFaction(id: string): Faction | null {
  try {
    return ship(id).faction;
  } catch {
    return null;
  }
}

export interface April9CardInfo {
  instance: string;
  faction: Faction;
  title: string;
  titleEn: string;
  symbols: number;
  text: string;
  notes: string[];
}
export function april9Info(instance: string, lang: Lang): April9CardInfo {
  const def = april9Card(instance);
  let symbols = 0;
  try {
    symbols = april9SymbolsOf(instance);
  } catch {
    symbols = 0;
  }
  return {
    instance,
    faction: def.faction,
    title: def.title,
    titleEn: def.texts.titleEn,
    symbols,
    text: def.texts.effects[0]?.[lang] ?? '',
    notes: def.texts.notes.map((n) => n[lang]),
  };
}
export function april9Title(instance: string): string {
  try {
    return april9Card(instance).title;
  } catch {
    return instance;
  }
}
