/** Deres uenighet in the web client: its module, and its board (a chunk of its own with the rules). */
// First: zod's eval-based compiler off before the game package builds its schemas (CSP refuses eval).
import '../../game/zod-jitless';
import { deresModule } from '@kon/deres/module';
import type { DeresView } from '@kon/deres';
import type { WebGame } from '../types';
import { DeresBoard } from './DeresBoard';

export const web: WebGame<DeresView> = { module: deresModule, Board: DeresBoard };
