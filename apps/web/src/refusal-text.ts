/**
 * What the page says when an API call fails: the server's refusal by its code in the player's
 * language (i18n-errors.ts), with the wait in minutes for a limit; never the server's English
 * message. A failure that is not the server's own refusal reads as the general error.
 */
import { ApiError } from './api';
import { refusalText, type T } from './i18n';
import { ERROR_TEXTS } from './i18n-errors';

export function apiErrorText(t: T, err: unknown): string {
  if (err instanceof ApiError && Object.hasOwn(ERROR_TEXTS, err.code)) return refusalText(t, err.code, err.retryAfter);
  return t('error.generic');
}

/** A limit's refusal (a code whose text names the wait), in words with its wait; null for any other failure. */
export function limitText(t: T, err: unknown): string | null {
  return err instanceof ApiError &&
    Object.hasOwn(ERROR_TEXTS, err.code) &&
    ERROR_TEXTS[err.code as keyof typeof ERROR_TEXTS].en.includes('{minutes}')
    ? refusalText(t, err.code, err.retryAfter)
    : null;
}
