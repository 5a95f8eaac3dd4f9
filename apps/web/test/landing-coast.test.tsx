/**
 * A 9. April landing in one click: the coasts German ships may land on light up with the zones, and a
 * click on a coast that one sea zone serves sends that zone's landing of every ship that may land
 * (always one of the engine's listed moves). A coast two zones serve asks for the zone first.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { actor, legalMoves, viewFor, type GameState } from '@kon/game';
import { GameView } from '../src/games/kon/ui/GameView';
import { wholeLandings } from '../src/games/kon/ui/advanced-state';
import { I18nContext, translate } from '../src/i18n';
import { standInConnection } from './stand-in';
import { firstStateWhere } from './engine';

afterEach(cleanup);

type Landing = { zone: string; area: string; ships: string[] };
const landings = (G: GameState) =>
  legalMoves(viewFor(G, 'germany') as never, undefined, '0')
    .filter((m) => m.move === 'landShips')
    .map((m) => m.args[0] as Landing);

/** The first German landing decision of a random advanced game with a coast served by one zone. */
function landingState(): GameState {
  return firstStateWhere({
    seeds: Array.from({ length: 11 }, (_, i) => i + 1),
    setup: { ruleset: 'advanced' },
    maxActions: 3000,
    want: (G) => {
      const a = actor(G);
      return a?.faction === 'germany' && a.stage === 'april9Landing' && wholeLandings(landings(G)).size > 0;
    },
  });
}

describe('landing by coast', () => {
  it('lights the coasts and lands all of one zone’s ships on a coast in one click, by a listed move', () => {
    const G = landingState();
    const move = vi.fn();
    render(
      <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>
        <GameView conn={standInConnection(G, ['germany'], move)} spectator={false} />
      </I18nContext.Provider>,
    );
    const options = landings(G);
    const lit = [...document.querySelectorAll('path.area.pickable')].map((el) => el.getAttribute('data-area')!).sort();
    expect(lit).toEqual([...new Set(options.map((o) => o.area))].sort());
    const [area, whole] = [...wholeLandings(options as never)][0]!;
    fireEvent.click(document.querySelector(`path[data-area="${area}"]`)!);
    expect(move).toHaveBeenCalledTimes(1);
    const [, name, args] = move.mock.calls[0]!;
    expect(name).toBe('landShips');
    expect(args).toEqual(whole);
    // Every ship of that zone that may land goes: no listed landing there takes more.
    const most = Math.max(...options.filter((o) => o.zone === whole.zone).map((o) => o.ships.length));
    expect(args.ships).toHaveLength(most);
    expect(options.map((o) => JSON.stringify(o))).toContain(JSON.stringify(args));
  });
});
