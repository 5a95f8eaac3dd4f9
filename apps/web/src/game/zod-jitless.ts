/**
 * zod compiles faster parsers with `new Function` where eval is allowed, and finds out by trying it once.
 * Our Content-Security-Policy forbids eval, so that try is refused and reported as a violation. Turn the
 * compiler off before the game package builds its first schema (import this module first).
 */
import { config } from 'zod';

config({ jitless: true });
