// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, initialLang, STRINGS, type T, translate } from '../src/i18n';
import { dictionary } from '../src/i18n-words';

describe('i18n', () => {
  it('has the same keys in Norwegian and English', () => {
    expect(Object.keys(STRINGS.no).sort()).toEqual(Object.keys(STRINGS.en).sort());
  });
  it('defines every key in one table only', () => {
    const seen = new Map<string, number>();
    const twice: string[] = [];
    DICTIONARIES.forEach((d, i) => {
      for (const key of Object.keys(d.en)) {
        if (seen.has(key)) twice.push(`${key} (tables ${seen.get(key)} and ${i})`);
        else seen.set(key, i);
      }
    });
    expect(twice).toEqual([]);
  });
  it('has both languages in every table', () => {
    for (const d of DICTIONARIES) expect(Object.keys(d.no).sort()).toEqual(Object.keys(d.en).sort());
  });
  it('types the keys: a typo or a one-sided text does not compile', () => {
    const t: T = (key, params) => translate('en', key, params);
    expect(t('app.title')).toBe('Kampen om Norge');
    const faction: string = 'germany';
    expect(t(`faction.${faction}`)).toBe('Germany');
    // @ts-expect-error a key no table defines
    expect(t('app.titel')).toBe('app.titel');
    // @ts-expect-error the Norwegian side lacks a key of the English side
    const oneSided = dictionary({ en: { a: 'A', b: 'B' }, no: { a: 'A' } });
    // @ts-expect-error the Norwegian side has a key the English side lacks
    const extra = dictionary({ en: { a: 'A' }, no: { a: 'A', c: 'C' } });
    expect([oneSided, extra]).toHaveLength(2);
  });
  it('falls back to the other language, then to the key', () => {
    const table = { no: { a: 'norsk' }, en: { a: 'english', b: 'only english' } };
    expect(translate('no', 'a', {}, table)).toBe('norsk');
    expect(translate('no', 'b', {}, table)).toBe('only english');
    expect(translate('en', 'missing.key', {}, table)).toBe('missing.key');
  });
  it('fills parameters and plurals', () => {
    expect(translate('en', 'combat.battalions', { n: 1 })).toBe('1 battalion');
    expect(translate('en', 'combat.battalions', { n: 3 })).toBe('3 battalions');
    expect(translate('no', 'combat.battalions', { n: 3 })).toBe('3 bataljoner');
  });
  it('makes the verb agree with "the Allies" in English sentences written for any faction', () => {
    const f = translate('en', 'faction.allies');
    expect(translate('en', 'wait.movement', { f })).toBe('The Allies are moving.');
    expect(translate('en', 'wait.navalChase', { f })).toBe('The Allies are chasing a ship away.');
    expect(translate('en', 'wait.movement', { f: translate('en', 'faction.norway') })).toBe('Norway is moving.');
    expect(translate('no', 'wait.movement', { f: translate('no', 'faction.allies') })).not.toMatch(/are/);
  });
  it('remembers the chosen language, else follows the browser', () => {
    expect(initialLang({ getItem: () => 'en' }, 'nb-NO')).toBe('en');
    expect(initialLang({ getItem: () => null }, 'nb-NO')).toBe('no');
    expect(initialLang({ getItem: () => null }, 'de-DE')).toBe('en');
    expect(initialLang({ getItem: () => 'xx' }, 'nn')).toBe('no');
  });
});
