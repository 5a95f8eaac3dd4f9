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
  if (dryChecks > 0) {
    DRY_REFUSAL.code = code;
    DRY_REFUSAL.message = message;
    throw DRY_REFUSAL;
  }
  throw new RuleError(code, message);
}
export function ensure(cond: unknown, code: string, message: string): asserts cond {
  if (!cond) fail(code, message);
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
 * (issue 8), and a refusal that is only counted never needs one: inside, `ensure` and `fail` throw a
 * reused refusal object, and RuleErrors thrown directly carry no stack.
 * Anything else thrown is a bug and propagates, with its stack.
 */
export function refusalOf(check: () => void): Refusal | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  dryChecks++;
  try {
    check();
    return null;
  } catch (e) {
    if (e === DRY_REFUSAL) return { code: DRY_REFUSAL.code, message: DRY_REFUSAL.message };
    if (e instanceof RuleError) return e;
    // A bug: run the (side-effect free) check again with stacks on, so the error says where it was.
    Error.stackTraceLimit = limit;
    check();
    throw e;
  } finally {
    dryChecks--;
    Error.stackTraceLimit = limit;
  }
}

/** How many refusalOf checks are running (nested ones count too). */
let dryChecks = 0;
/**
 * What `ensure` and `fail` throw inside refusalOf: one reused object, so a refusal builds no Error at
 * all (throwing it costs half as much). It is a RuleError by prototype, so code that tells refusals
 * from bugs with `instanceof RuleError` still does; refusalOf copies its code and message out at once.
 */
const DRY_REFUSAL = Object.create(RuleError.prototype) as { code: string; message: string };
