/**
 * What a SIGTERM or SIGINT means to a running server. The first starts the graceful stop (finish the
 * moves and writes under way, then exit 0). Under `npm start` one request reaches node twice, a few
 * milliseconds apart: npm forwards the signal it got, and a signal sent to the process group (Ctrl+C
 * in a terminal, `docker stop` of a container whose first process is npm) reaches node directly too.
 * So a signal soon after the first is that same request and must not cut the drain short; only one
 * sent later, by someone who asks again, stops the process at once.
 */

/** How long after the first signal another counts as the same request. */
export const SAME_REQUEST_MS = 2_000;

export type SignalMeaning = 'stop' | 'same-request' | 'exit-now';

/** Returns the judge of each signal as it arrives; `now` is the clock (tests give their own). */
export function signalJudge(sameRequestMs = SAME_REQUEST_MS, now: () => number = Date.now): () => SignalMeaning {
  let first: number | undefined;
  return () => {
    const t = now();
    if (first === undefined) {
      first = t;
      return 'stop';
    }
    return t - first < sameRequestMs ? 'same-request' : 'exit-now';
  };
}
