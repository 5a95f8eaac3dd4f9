/**
 * A socket the server would not open (too many from this address: `too_many_connections`) fails with
 * socket.io's connect_error, whose `data` carries our error code. Anything else there is a network
 * failure that socket.io retries by itself, shown by the connection status instead.
 */
import type { ErrorCode } from '@kon/protocol';
import { ERROR_TEXTS } from '../i18n-errors';

export function connectRefusal(err: unknown): ErrorCode | null {
  const code = (err as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' && Object.hasOwn(ERROR_TEXTS, code) ? (code as ErrorCode) : null;
}
