/**
 * Norwegian (bokmål) and English texts. Every player-facing string lives in a table of texts (an
 * i18n-*.ts file here, or a game's own file under games/<game>/) declared with `dictionary()`, and each
 * table is listed once in DICTIONARIES below. The keys are a type: `t('typo')` does not compile, a table
 * whose Norwegian side lacks a key of its English side does not compile, and a test (i18n.test.ts)
 * refuses a key defined in two tables. At run time a key missing in one language falls back to the
 * other, then to the key itself (so a gap shows, but never breaks a page).
 *
 * A new key: add it to both sides of the table of its area. A new table: `export const X =
 * dictionary({ no: {…}, en: {…} })` in its own file, then one line in DICTIONARIES.
 */
import { createContext, useContext } from 'react';
import { ACCOUNT_STRINGS } from './i18n-accounts';
import { ADVANCED_STRINGS } from './i18n-advanced';
import { AUTOPASS_STRINGS } from './i18n-autopass';
import { BASE_EN } from './i18n-base-en';
import { BASE_NO } from './i18n-base-no';
import { BOT_STRINGS } from './i18n-bots';
import { CLOCK_STRINGS } from './i18n-clocks';
import { COMFORT_STRINGS } from './i18n-comfort';
import { ERROR_STRINGS, ERROR_TEXTS } from './i18n-errors';
import { GAME_STRINGS } from './i18n-games';
import { LESSON_STRINGS } from './i18n-lessons';
import { KON_TABLE_STRINGS } from './games/kon/i18n-kon-table';
import { DERES_STRINGS } from './games/deres/i18n-deres';
import { DERES_ORDER_STRINGS } from './games/deres/i18n-deres-orders';
import { DERES_LOG_STRINGS } from './games/deres/i18n-deres-log';
import { GROUP_STRINGS } from './i18n-groups';
import { HELP_STRINGS } from './i18n-help';
import { MATCHMAKING_STRINGS } from './i18n-matchmaking';
import { PUSH_STRINGS } from './i18n-push';
import { SCENARIO_STRINGS } from './i18n-scenarios';
import { TABLE_STRINGS } from './i18n-table';
import type { Dictionary, Entry } from './i18n-words';

export type Lang = 'no' | 'en';
export const LANGS: Lang[] = ['no', 'en'];
type Params = Record<string, string | number>;

/** Every table of texts, each once. Order does not matter: no key may be in two of them. */
export const DICTIONARIES = [
  { no: BASE_NO, en: BASE_EN } satisfies Dictionary<keyof typeof BASE_EN>,
  ADVANCED_STRINGS,
  SCENARIO_STRINGS,
  HELP_STRINGS,
  COMFORT_STRINGS,
  TABLE_STRINGS,
  BOT_STRINGS,
  CLOCK_STRINGS,
  PUSH_STRINGS,
  AUTOPASS_STRINGS,
  GROUP_STRINGS,
  GAME_STRINGS,
  ACCOUNT_STRINGS,
  MATCHMAKING_STRINGS,
  ERROR_STRINGS,
  KON_TABLE_STRINGS,
  DERES_STRINGS,
  DERES_ORDER_STRINGS,
  DERES_LOG_STRINGS,
  LESSON_STRINGS,
] as const;

/** Every key of every table: what `t()` accepts. */
export type Key = (typeof DICTIONARIES)[number] extends infer D ? (D extends Dictionary<infer K> ? K : never) : never;

function merged(lang: Lang): Record<Key, Entry> {
  const all: Record<string, Entry> = {};
  for (const d of DICTIONARIES) Object.assign(all, d[lang]);
  return all as Record<Key, Entry>;
}
export const STRINGS: Record<Lang, Record<Key, Entry>> = { no: merged('no'), en: merged('en') };

/** A key made at run time (a code from the server, a name from the game) that is one of ours. */
export function isKey(key: string): key is Key {
  return Object.hasOwn(STRINGS.en, key);
}

/** Look a text up: the language asked for, else the other one, else the key. */
export function translate(lang: Lang, key: string, params: Params = {}, table: Record<Lang, Record<string, Entry>> = STRINGS): string {
  const other: Lang = lang === 'no' ? 'en' : 'no';
  const entry = table[lang]?.[key] ?? table[other]?.[key];
  if (entry === undefined) return key;
  const text = typeof entry === 'function' ? entry(params) : entry;
  // Sentences written for "${f} is …" read "The Allies are …" in English.
  return lang === 'en'
    ? text.replace(/\b([Tt]he Allies) (is|has)\b/g, (_m, a: string, v: string) => `${a} ${v === 'is' ? 'are' : 'have'}`)
    : text;
}

/**
 * What `t()` accepts: a literal key must be one of ours (`t('typo')` does not compile); a key built at
 * run time (a `string`, a template such as `faction.${f}`) compiles when it can be one of ours, and a
 * text it lacks shows as the key.
 */
export type KeyArg<K extends string> = [Extract<Key, K>] extends [never] ? never : K;
export type T = <K extends string>(key: K & KeyArg<K>, params?: Params) => string;

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

/**
 * A refusal from the server in plain words: the text of its code (i18n-errors.ts), else the general
 * one. A limit's text names the wait in whole minutes, from the refusal's `retryAfter` seconds (a
 * minute when the refusal has none).
 */
export function refusalText(t: T, code: string, retryAfter?: number): string {
  const minutes = Math.max(1, Math.ceil((retryAfter ?? 60) / 60));
  return Object.hasOwn(ERROR_TEXTS, code) ? t(`code.${code}`, { minutes }) : t('act.refused');
}
