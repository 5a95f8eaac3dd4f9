/**
 * The load bench's second yardstick (load.ts --vanilla on): boardgame.io's own Server serving
 * Kampen om Norge's Game definition as is, in memory, sending each socket its whole filtered state.
 * What this game costs boardgame.io itself, with no durable write and none of our checks, so a
 * comparison can tell the game's cost from our move path's.
 */
import type { Game } from 'boardgame.io';
import { KampenOmNorge } from '@kon/game';
import { serveGame } from './serve-game';

serveGame(KampenOmNorge as Game);
