// @vitest-environment node
/**
 * One naming rule for cards in each language, the card faces' (Pieces.tsx): in Norwegian the printed
 * name; in English the English name with the printed Norwegian one after it in brackets, so the
 * rulebook's card is still known. The English log used to say "Veisperring" among English words.
 */
import { describe, expect, it } from 'vitest';
import { CARD_TEXTS, cards, type LogEntry } from '@kon/game';
import { describeLog } from '../src/games/kon/game/logText';
import { STRINGS } from '../src/i18n';
import april9 from '../../../packages/game/src/cards/april9-cards.json';

/** Printed names and their English ones, where the two differ. */
const TITLES = [
  ...cards.ACTION_CARDS.map((c) => [c.title, CARD_TEXTS[c.id]?.titleEn ?? c.title] as const),
  ...(april9 as { title: string; texts: { titleEn: string } }[]).map((c) => [c.title, c.texts.titleEn] as const),
]
  .filter(([no, en]) => no !== en)
  // "Reinforcements" is also the name of a phase (Forsterkninger, likewise, in Norwegian).
  .filter(([, en]) => en !== 'Reinforcements');
const ENGLISH_TITLES = [...new Set(TITLES.map(([, en]) => en))];
const BOTH = new Map(TITLES);
/** An English text with every "English (Printed)" pair taken out: what is left must name no card either way. */
const withoutPairs = (text: string) => TITLES.reduce((t, [no, en]) => t.split(`${en} (${no})`).join(''), text);

const entry = (event: string, data: LogEntry['data'] = {}, faction: LogEntry['faction'] = 'norway'): LogEntry => ({
  round: 1,
  faction,
  event,
  data,
});
/** Every log event that names a card, or stands for one. */
const NAMING: [LogEntry, string][] = [
  [entry('cardPlayed', { card: 'no.veisperring#1' }), 'Veisperring'],
  [entry('roadblock', { count: 2, area: 'honefoss', from: 'oslo' }), 'Veisperring'],
  [entry('blownBridge', { count: 1, area: 'honefoss', from: 'oslo' }), 'Sprengt bro'],
  [entry('cardCancelled', { card: 'no.veisperring#1', by: 'de.ingeniorkompani#1' }, 'germany'), 'Ingeniørkompani'],
  [entry('discarded', { card: 'al.jagerfly#1' }, 'allies'), 'Jagerfly'],
  [entry('traded', { cards: ['no.bakhold#1'], symbols: 2 }), 'Bakhold'],
  [entry('paratrooperDiverted', { from: 'oslo', to: 'hamar' }, 'allies'), 'Jagerfly'],
  [entry('submarine', { area: 'bergen', die: 6, sunk: true }, 'germany'), 'Ubåt'],
  [entry('april9Reconnaissance', { zone: 'III', dice: [3], revealed: 1 }, 'allies'), 'Rekognoseringsfly'],
  [entry('april9Deceive', { zone: 'III', dice: [5], hits: 1 }, 'germany'), 'Villedende manøver'],
  [entry('april9DiveBombers', { zone: 'III', die: 6, hit: true }, 'allies'), 'Stupbombefly'],
  [entry('april9Mines', { zone: 'II', die: 2, hit: false }, 'norway'), 'Minelegging'],
  [entry('april9Fort', { area: 'oslo', die: 6, sunk: true }, 'norway'), 'Kystfort'],
  [entry('april9Intimidation', { area: 'oslo', dice: [4], surrendered: 1, retreating: 0 }, 'germany'), 'Bløff/trusler'],
];

/** Parameters for any text: a count where a count is asked for, else a word. */
const ANY_PARAMS = new Proxy({} as Record<string, unknown>, {
  get: (_, k) => (['n', 'k', 'm', 's', 'count'].includes(String(k)) ? 2 : 'Oslo'),
});

describe('card names', () => {
  it('the log names each card by its printed name in Norwegian, and in English by its English name with the printed one after it', () => {
    for (const [e, name] of NAMING) {
      const no = describeLog(e, 'no');
      expect(no, e.event).toContain(name);
      for (const en of ENGLISH_TITLES) expect(no, `${e.event} says "${en}"`).not.toContain(en);
      const en = describeLog(e, 'en');
      expect(en, e.event).toContain(`${BOTH.get(name)} (${name})`);
      for (const [printed] of TITLES) expect(withoutPairs(en), `${e.event}: "${printed}" alone`).not.toContain(printed);
    }
  });

  it('no interface text names a card the other language’s way', () => {
    const found: string[] = [];
    for (const [key, entry] of Object.entries(STRINGS.no)) {
      const text = typeof entry === 'function' ? entry(ANY_PARAMS) : entry;
      for (const en of ENGLISH_TITLES) if (text.includes(en)) found.push(`no ${key}: "${en}"`);
    }
    for (const [key, entry] of Object.entries(STRINGS.en)) {
      const text = withoutPairs(typeof entry === 'function' ? entry(ANY_PARAMS) : entry);
      for (const [no] of TITLES) if (text.includes(no)) found.push(`en ${key}: "${no}"`);
    }
    expect(found).toEqual([]);
  });

  it('counts in English follow the plural rules: 1 ship, 2 ships', () => {
    expect(describeLog(entry('april9Reconnaissance', { zone: 'III', dice: [3], revealed: 1 }, 'allies'), 'en')).toContain(
      '1 ship revealed',
    );
    expect(describeLog(entry('april9Reconnaissance', { zone: 'III', dice: [3, 4], revealed: 2 }, 'allies'), 'en')).toContain(
      '2 ships revealed',
    );
    expect(describeLog(entry('traded', { cards: ['no.bakhold#1'], symbols: 2 }), 'en')).toContain('traded 1 card (2 symbols)');
  });
});
