/**
 * zod compiles an object schema into a function (new Function) at its first parse: that pays off for
 * the schemas parsed again and again (requests, moves), not for the game data, lessons, scenarios and
 * settings parsed once while the server starts, where compiling costs more than it saves (~25 ms of
 * CPU). main.ts imports this module first, so those parse without compiling; once the server listens,
 * compiling is on again and each schema still parsed then compiles at its next parse, as before.
 */
import { z } from 'zod';

z.config({ jitless: true });

/** From now on zod compiles schemas again (its default). */
export function compileSchemasFromNowOn(): void {
  z.config({ jitless: false });
}
