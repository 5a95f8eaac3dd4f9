/** Deres uenighet in the web client: its module, and its board (a chunk of its own with the rules). */
import { deresModule } from '@kon/deres/module';
import type { WebGame } from '../types';
import { DeresBoard } from './DeresBoard';

export const web: WebGame = { module: deresModule, Board: DeresBoard };
