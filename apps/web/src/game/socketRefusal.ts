/**
 * Our server's refusals on a socket: a move or message refused (`kon:error`, a limit's carrying the
 * seconds to wait), or a socket the server would not open (too many from this address: `too_many_connections`) fails with
 * socket.io's connect_error, whose `data` carries our error code. Anything else there is a network
 * failure that socket.io retries by itself, shown by the connection status instead.
 */
import type { ErrorCode } from '@kon/protocol';
import { ERROR_TEXTS } from '../i18n-errors';

export function connectRefusal(err: unknown): ErrorCode | null {
  const code = (err as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' && Object.hasOwn(ERROR_TEXTS, code) ? (code as ErrorCode) : null;
}

/** A refusal as the page keeps it: the code, and the seconds a limit asks to wait. */
export interface SocketRefusal {
  code: string;
  retryAfter?: number;
}

/** The connection's fields for the refusal shown now: its code, and its wait. */
export const shownRefusal = (r: SocketRefusal | null) => ({ lastError: r?.code ?? null, lastWait: r?.retryAfter });

/** A `kon:error` payload as the page keeps it; a wait that is not a positive number is dropped. */
export function socketRefusal(payload: unknown): SocketRefusal {
  const p = payload as { code?: unknown; retryAfter?: unknown } | null | undefined;
  const code = typeof p?.code === 'string' ? p.code : 'error';
  const wait = p?.retryAfter;
  return typeof wait === 'number' && Number.isFinite(wait) && wait > 0 ? { code, retryAfter: wait } : { code };
}
