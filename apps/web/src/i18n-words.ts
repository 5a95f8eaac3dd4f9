/** Helpers the base texts share: an entry's type and a faction's name inside a sentence. */

/** Entries read their parameters loosely: a missing one shows as "undefined" rather than failing. */
export type Entry = string | ((p: Record<string, any>) => string);

/** A faction name inside a sentence: "the Allies", "de allierte". */
export const mid = (f: unknown) => String(f).replace(/^The /, 'the ').replace(/^De /, 'de ');
export const possessive = (f: unknown) => (String(f).endsWith('s') ? `${f}'` : `${f}'s`);
export const plural = (n: number | string | undefined, one: string, many: string) => (Number(n) === 1 ? one : many);
