/**
 * Account names: one person per name, whatever the case or the Unicode spelling. Two names are the
 * same when their keys are: NFKC (full-width, ligatures and other compatibility forms fold to their
 * plain letters), then a case fold, then NFKC again (folding can undo the normal form), with the
 * separators _ . - and spaces counted as one. Some words no person may take.
 */
import { ApiError } from '../http/errors';

/** Words that would pass for the site or its staff, or for nobody. Compared by key. */
export const RESERVED_NAMES: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'system',
  'server',
  'support',
  'help',
  'moderator',
  'mod',
  'staff',
  'official',
  'kampen om norge',
  'kampen',
  'kon',
  'deres uenighet',
  'anonymous',
  'anonym',
  'guest',
  'gjest',
  'computer',
  'datamaskin',
  'bot',
  'null',
  'undefined',
  'me',
  'meg',
  'you',
  'deg',
];

export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\s_.-]+/gu, ' ')
    .trim();
}

const reserved = new Set(RESERVED_NAMES.map(nameKey));

/** The key of a name a person may take (its syntax is the protocol's), or an ApiError. */
export function allowedNameKey(name: string): string {
  const key = nameKey(name);
  if (reserved.has(key) || reserved.has(key.replace(/ /g, ''))) throw new ApiError(400, 'name_reserved', 'That name cannot be used.');
  return key;
}
