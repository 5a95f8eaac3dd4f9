/** The three playable factions. boardgame.io seats are fixed: see FACTION_OF_PLAYER. */
export const FACTIONS = ['germany', 'norway', 'allies'] as const;
export type Faction = (typeof FACTIONS)[number];

/** boardgame.io playerIDs: every match has exactly these three seats, whatever the seat plan. */
export const PLAYER_OF_FACTION: Record<Faction, string> = { germany: '0', norway: '1', allies: '2' };
export const FACTION_OF_PLAYER: Record<string, Faction> = { '0': 'germany', '1': 'norway', '2': 'allies' };

export const SEA_ZONES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'] as const;
export type SeaZone = (typeof SEA_ZONES)[number];

/** Land area ids are ASCII slugs of the Norwegian names ("andalsnes" for Åndalsnes). */
export type AreaId = string;

export type Side = 'attacker' | 'defender';

/** Germany fights alone; Norway and the Allies are one side. */
export function enemiesOf(f: Faction): Faction[] {
  return f === 'germany' ? ['norway', 'allies'] : ['germany'];
}
export function areFriends(a: Faction, b: Faction): boolean {
  return a === b || (a !== 'germany' && b !== 'germany');
}
