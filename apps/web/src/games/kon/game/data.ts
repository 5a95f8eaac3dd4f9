/** Board and card data as the UI needs it: names, texts, symbols. Read-only views of @kon/game. */
import { board, cards, cardText, FACTIONS, type Faction } from '@kon/game';
import type { Lang } from '../../../i18n';

export { FACTIONS, type Faction };
export const BOARD = board.BOARD;

const areaNames = new Map(BOARD.areas.map((a) => [a.id, a.name]));
export function areaName(id: string | null | undefined): string {
  if (!id) return '?';
  return areaNames.get(id) ?? id;
}

export interface CardInfo {
  instance: string;
  id: string;
  faction: Faction;
  title: string;
  titleEn: string;
  symbols: number;
  effects: { kind: string; text: string }[];
  notes: string[];
}

export function cardTitle(instance: string): string {
  try {
    return cards.cardDef(instance).title;
  } catch {
    return instance;
  }
}

export function cardInfo(instance: string, lang: Lang): CardInfo {
  const def = cards.cardDef(instance);
  let text: ReturnType<typeof cardText> | undefined;
  try {
    text = cardText(instance);
  } catch {
    text = undefined;
  }
  return {
    instance,
    id: def.id,
    faction: def.faction,
    title: def.title,
    titleEn: text?.titleEn ?? def.title,
    symbols: cards.symbolsOf(instance),
    effects: def.effects.map((e, i) => ({ kind: e.kind, text: text?.effects[i]?.[lang] ?? e.kind })),
    notes: (text?.notes ?? []).map((n) => n[lang]),
  };
}

/** Effect kinds of the basic game only (naval combat belongs to the advanced rules). */
export function isBasicEffect(kind: string) {
  return kind !== 'navalSink';
}

export function effectDice(instance: string, effect: number): number {
  const e = cards.cardDef(instance).effects[effect];
  return e && (e.kind === 'attackDice' || e.kind === 'defenseDice') ? e.dice : 0;
}
export function effectKind(instance: string, effect: number): string | undefined {
  return cards.cardDef(instance).effects[effect]?.kind;
}
