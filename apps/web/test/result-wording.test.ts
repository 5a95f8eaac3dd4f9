// @vitest-environment node
/**
 * The result screen's level line matches how the game was won: the rulebook's clear or marginal
 * victory only when the deck ran out and the cities were counted; an outright win (a lost clock, a
 * side with no battalions left) says so, and its cities line says they were not counted.
 */
import { describe, expect, it } from 'vitest';
import type { FactionView } from '@kon/game';
import { resultWording } from '../src/games/kon/game/resultText';
import { translate } from '../src/i18n';

type Result = NonNullable<FactionView['result']>;
const five = ['oslo', 'bergen', 'stavanger', 'trondheim', 'kristiansand'];
const names = (ids: string[]) => ids.join(', ');

describe('resultWording', () => {
  it('after Germany lost on time holding five cities, does not call it a clear victory by the cities', () => {
    const r: Result = { winner: 'norway-allies', level: 'clear', reason: 'time', timedOut: 'germany', germanCities: five };
    for (const lang of ['en', 'no'] as const) {
      const t = (k: string, p?: Record<string, string | number>) => translate(lang, k, p);
      const w = resultWording(r, t, names);
      expect(w.level).not.toBe(t('result.clear'));
      expect(w.level).toBe(t('result.outright.time'));
      expect(w.cities).toContain('oslo, bergen');
      expect(w.cities).toBe(t('result.citiesNotCounted', { list: names(five) }));
    }
    const en = resultWording(r, (k, p) => translate('en', k, p), names);
    expect(en.level).toMatch(/clock ran out/);
    expect(en.cities).toMatch(/not counted/);
  });

  it('names the counted level when the deck ended the game, and an elimination as outright', () => {
    const t = (k: string, p?: Record<string, string | number>) => translate('en', k, p);
    const deck: Result = { winner: 'norway-allies', level: 'marginal', reason: 'deck', germanCities: five.slice(0, 5) };
    expect(resultWording(deck, t, names).level).toBe('Marginal victory');
    expect(resultWording({ ...deck, level: 'clear', germanCities: [] }, t, names).cities).toBe('Victory cities in German hands: none');
    const gone: Result = { winner: 'germany', level: 'clear', reason: 'elimination', germanCities: five };
    expect(resultWording(gone, t, names).level).toMatch(/no battalions left/);
  });
});
