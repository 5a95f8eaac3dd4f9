/**
 * Norwegian (bokmål) and English texts. Every player-facing string lives in the i18n-*.ts tables
 * gathered here (the base texts in i18n-base-no.ts and i18n-base-en.ts); a key missing in one
 * language falls back to the other, then to the key itself (so a gap shows, but never breaks a page).
 */
import { createContext, useContext } from 'react';
import { ADVANCED_STRINGS } from './i18n-advanced';
import { SCENARIO_STRINGS } from './i18n-scenarios';
import { HELP_STRINGS } from './i18n-help';
import { COMFORT_STRINGS } from './i18n-comfort';
import { TABLE_STRINGS } from './i18n-table';
import { BOT_STRINGS } from './i18n-bots';
import { CLOCK_STRINGS } from './i18n-clocks';
import { PUSH_STRINGS } from './i18n-push';
import { AUTOPASS_STRINGS } from './i18n-autopass';
import { LESSON_STRINGS } from './i18n-lessons';
import { GROUP_STRINGS } from './i18n-groups';
import { GAME_STRINGS } from './i18n-games';
import { ACCOUNT_STRINGS } from './i18n-accounts';
import { MATCHMAKING_STRINGS } from './i18n-matchmaking';
import { ERROR_STRINGS, ERROR_TEXTS } from './i18n-errors';
import { BASE_EN } from './i18n-base-en';
import { BASE_NO } from './i18n-base-no';
import type { Entry } from './i18n-words';

export type Lang = 'no' | 'en';
export const LANGS: Lang[] = ['no', 'en'];
type Params = Record<string, string | number>;

// The base texts live in i18n-base-no.ts and i18n-base-en.ts; the tables below add their own areas.
export const STRINGS: Record<Lang, Record<string, Entry>> = { no: { ...BASE_NO }, en: { ...BASE_EN } };

// The lessons' step panel.
Object.assign(STRINGS.no, LESSON_STRINGS.no);
Object.assign(STRINGS.en, LESSON_STRINGS.en);
// The advanced game's texts live in their own file.
Object.assign(STRINGS.no, ADVANCED_STRINGS.no);
Object.assign(STRINGS.en, ADVANCED_STRINGS.en);
Object.assign(STRINGS.no, SCENARIO_STRINGS.no);
Object.assign(STRINGS.en, SCENARIO_STRINGS.en);
Object.assign(STRINGS.no, HELP_STRINGS.no);
Object.assign(STRINGS.en, HELP_STRINGS.en);
Object.assign(STRINGS.no, COMFORT_STRINGS.no);
Object.assign(STRINGS.en, COMFORT_STRINGS.en);
Object.assign(STRINGS.no, TABLE_STRINGS.no);
Object.assign(STRINGS.en, TABLE_STRINGS.en);
Object.assign(STRINGS.no, BOT_STRINGS.no);
Object.assign(STRINGS.en, BOT_STRINGS.en);
Object.assign(STRINGS.no, CLOCK_STRINGS.no);
Object.assign(STRINGS.en, CLOCK_STRINGS.en);
Object.assign(STRINGS.no, PUSH_STRINGS.no);
Object.assign(STRINGS.en, PUSH_STRINGS.en);
Object.assign(STRINGS.no, AUTOPASS_STRINGS.no);
Object.assign(STRINGS.en, AUTOPASS_STRINGS.en);
Object.assign(STRINGS.no, GROUP_STRINGS.no);
Object.assign(STRINGS.en, GROUP_STRINGS.en);
Object.assign(STRINGS.no, GAME_STRINGS.no);
Object.assign(STRINGS.en, GAME_STRINGS.en);
Object.assign(STRINGS.no, ACCOUNT_STRINGS.no);
Object.assign(STRINGS.en, ACCOUNT_STRINGS.en);
Object.assign(STRINGS.no, MATCHMAKING_STRINGS.no);
Object.assign(STRINGS.en, MATCHMAKING_STRINGS.en);
Object.assign(STRINGS.no, ERROR_STRINGS.no);
Object.assign(STRINGS.en, ERROR_STRINGS.en);

/** Look a text up: the language asked for, else the other one, else the key. */
export function translate(lang: Lang, key: string, params: Params = {}, table = STRINGS): string {
  const other: Lang = lang === 'no' ? 'en' : 'no';
  const entry = table[lang]?.[key] ?? table[other]?.[key];
  if (entry === undefined) return key;
  const text = typeof entry === 'function' ? entry(params) : entry;
  // Sentences written for "${f} is …" read "The Allies are …" in English.
  return lang === 'en'
    ? text.replace(/\b([Tt]he Allies) (is|has)\b/g, (_m, a: string, v: string) => `${a} ${v === 'is' ? 'are' : 'have'}`)
    : text;
}

export type T = (key: string, params?: Params) => string;

const STORAGE_KEY = 'kon.lang';
export function initialLang(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage, navLang?: string): Lang {
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (saved === 'no' || saved === 'en') return saved;
  } catch {
    /* private mode */
  }
  const n = (navLang ?? globalThis.navigator?.language ?? 'nb').toLowerCase();
  return /^(nb|nn|no)\b/.test(n) ? 'no' : 'en';
}
export function saveLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* ignore */
  }
}

export interface I18n {
  lang: Lang;
  t: T;
  setLang(l: Lang): void;
}
export const I18nContext = createContext<I18n>({
  lang: 'en',
  t: (k, p) => translate('en', k, p),
  setLang: () => {},
});
export const useI18n = () => useContext(I18nContext);

/** A refusal from the server in plain words: the text of its code (i18n-errors.ts), else the general one. */
export function refusalText(t: T, code: string): string {
  return Object.hasOwn(ERROR_TEXTS, code) ? t(`code.${code}`) : t('act.refused');
}
