/** Helpers the texts share: an entry's type, the shape of a table of texts, a faction's name inside a sentence. */

/** Entries read their parameters loosely: a missing one shows as "undefined" rather than failing. */
export type Entry = string | ((p: Record<string, any>) => string);

/** One table of texts: the English side names the keys, the Norwegian side has exactly the same ones. */
export interface Dictionary<K extends string = string> {
  en: Record<K, Entry>;
  no: Record<K, Entry>;
}

/**
 * Declare a table of texts. The keys are those of `en`; tsc refuses a Norwegian side with a key missing
 * or one too many, so every key is typed and exists in both languages. Register the table once in
 * DICTIONARIES (i18n.ts); a test refuses a key defined in two tables.
 */
export function dictionary<const K extends string>(d: { en: Record<K, Entry>; no: NoInfer<Record<K, Entry>> }): Dictionary<K> {
  return d;
}

/** A faction name inside a sentence: "the Allies", "de allierte". */
export const mid = (f: unknown) => String(f).replace(/^The /, 'the ').replace(/^De /, 'de ');
export const possessive = (f: unknown) => (String(f).endsWith('s') ? `${f}'` : `${f}'s`);
export const plural = (n: number | string | undefined, one: string, many: string) => (Number(n) === 1 ? one : many);
