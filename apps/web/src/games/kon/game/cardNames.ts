/**
 * A card's name as the log and other sentences write it, in the reader's language, as the card
 * faces show it (Pieces.tsx CardFace): in Norwegian the printed name; in English the English name
 * with the printed Norwegian one after it in brackets where the two differ, so a player who reads
 * the rulebook's cards still knows which card it is. Action cards and 9. April cards alike.
 */
import { april9Card, cards, cardText } from '@kon/game';
import type { Lang } from '../../../i18n';

/** The printed (Norwegian) name and the English one; null for an instance no deck knows. */
function names(instance: string): { no: string; en: string } | null {
  try {
    if (instance.startsWith('a9.')) {
      const def = april9Card(instance);
      return { no: def.title, en: def.texts.titleEn };
    }
    const def = cards.cardDef(instance);
    let en = def.title;
    try {
      en = cardText(instance).titleEn;
    } catch {
      /* a card without texts keeps its printed name */
    }
    return { no: def.title, en };
  } catch {
    return null;
  }
}

/** "Veisperring" / "Roadblock (Veisperring)"; an unknown instance as itself. */
export function cardName(instance: string, lang: Lang): string {
  const n = names(instance);
  if (!n) return instance;
  return lang === 'no' || n.en === n.no ? n.no : `${n.en} (${n.no})`;
}

/** The name by a card's id (no copy number), for sentences about a kind of card: "Roadblock (Veisperring)". */
export const cardKindName = (id: string, lang: Lang) => cardName(`${id}#1`, lang);
