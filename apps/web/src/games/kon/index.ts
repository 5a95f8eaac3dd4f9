/** Kampen om Norge in the web client: its module, and its own whole match page (a chunk of its own). */
import { kampenOmNorgeModule } from '@kon/game';
import type { WebGame } from '../types';
import { MatchPage } from './MatchPage';

export const web: WebGame = { module: kampenOmNorgeModule, Page: MatchPage };
