/**
 * The two games in the box: the basic game and the advanced game (ships and the 9. April turn).
 * A constant of its own so that the scenario schema, which the state's type refers to, can check a
 * scenario's ruleset without importing the state.
 */
export const RULESETS = ['basic', 'advanced'] as const;
export type Ruleset = (typeof RULESETS)[number];
