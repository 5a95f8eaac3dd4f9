/** A move that the rules do not allow. Thrown before anything changes; the move is then refused. */
export class RuleError extends Error {
  constructor(
    /** Stable code for clients and tests, e.g. "not-your-turn". */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}
export function fail(code: string, message: string): never {
  throw new RuleError(code, message);
}
export function ensure(cond: unknown, code: string, message: string): asserts cond {
  if (!cond) throw new RuleError(code, message);
}

/** Why the rules refuse something: the code and message its RuleError carries. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/**
 * Runs a check written in the throwing style (`ensure`, `fail`, `throw new RuleError`) and returns
 * its refusal instead of throwing it, or null when the check passes. Listing legal actions runs
 * thousands of such checks that fail; capturing a stack trace for each was most of the engine's time
 * (issue 8), and a refusal that is only counted never needs one, so RuleErrors built inside carry none.
 * Anything else thrown is a bug and propagates, with its stack.
 */
export function refusalOf(check: () => void): Refusal | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    check();
    return null;
  } catch (e) {
    if (e instanceof RuleError) return e;
    // A bug: run the (side-effect free) check again with stacks on, so the error says where it was.
    Error.stackTraceLimit = limit;
    check();
    throw e;
  } finally {
    Error.stackTraceLimit = limit;
  }
}
