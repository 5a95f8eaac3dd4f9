/** Which faction each boardgame.io player id plays. */
import type { Faction } from '@kon/game';

export const FACTION_OF: Record<string, Faction> = { '0': 'germany', '1': 'norway', '2': 'allies' };
