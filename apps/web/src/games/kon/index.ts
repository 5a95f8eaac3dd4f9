/** Kampen om Norge in the web client: its module, and its own whole match page (a chunk of its own). */
// First: zod's eval-based compiler off before the game package builds its schemas (CSP refuses eval).
import '../../game/zod-jitless';
import { kampenOmNorgeModule } from '@kon/game';
import type { WebGame } from '../types';
import { MatchPage } from './MatchPage';

export const web: WebGame = { module: kampenOmNorgeModule, Page: MatchPage };
