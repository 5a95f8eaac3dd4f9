/** The only source of chance the rules use. On the server it is boardgame.io's seeded PRNG. */
export interface Rng {
  d6(): number;
  shuffle<T>(items: T[]): T[];
}
