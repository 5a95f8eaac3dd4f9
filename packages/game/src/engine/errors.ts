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
