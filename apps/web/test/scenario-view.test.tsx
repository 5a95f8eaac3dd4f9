// @vitest-environment jsdom
/** The board screen of a scenario: its region in play, the rest out of play, and its own goal in banner and result. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { parseScenario, type GameState } from '@kon/game';
import narvikFile from '../../../packages/game/scenarios/narvik.json';
import { GameView } from '../src/games/kon/ui/GameView';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { standInConnection } from './stand-in';
import { playRandomGame } from './engine';

afterEach(cleanup);
const NARVIK = parseScenario(narvikFile);

const conn = (G: GameState) => standInConnection(G, ['germany']);
function show(G: GameState, lang: Lang = 'en') {
  return render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>
      <GameView conn={conn(G)} spectator={false} />
    </I18nContext.Provider>,
  );
}
/** A Scenario 1 game played at random, stopped where `stop` says (or at its end). */
function narvikState(seed: number, stop: (G: GameState) => boolean): GameState {
  let found: GameState | null = null;
  const { G } = playRandomGame({
    seed,
    setup: { scenario: NARVIK },
    afterAction: (s) => void (!found && stop(s) && (found = structuredClone(s))),
  });
  return found ?? G;
}

describe('a Scenario 1 board', () => {
  it('draws the areas outside the northern third as out of play, and the region as usual', () => {
    const G = narvikState(1, () => true);
    show(G);
    const cls = (id: string) => document.querySelector(`path[data-area="${id}"]`)!.getAttribute('class')!;
    expect(cls('oslo')).toContain('out-of-play');
    expect(cls('namsos')).toContain('out-of-play');
    for (const id of NARVIK.region as string[]) expect(cls(id)).not.toContain('out-of-play');
    expect(document.querySelector('path[data-area="oslo"] title')!.textContent).toContain('out of play');
  });

  it("shows the scenario's goal in the banner, in both languages, and the sheet button", () => {
    const G = narvikState(1, () => true);
    show(G, 'en');
    expect(screen.getByTestId('scenario-goal').textContent).toBe(
      'Goal: Norway and the Allies must hold Narvik, Bjørnfjell and Bardufoss when the Allied deck is used up.',
    );
    expect(screen.getByTestId('scenario-sheet-button')).toBeTruthy();
    cleanup();
    show(G, 'no');
    expect(screen.getByTestId('scenario-goal').textContent).toContain('Narvik, Bjørnfjell og Bardufoss');
  });

  it('shows no reinforcement symbols on the cards: the scenario does not use them', () => {
    const G = narvikState(1, () => true);
    show(G);
    expect(document.querySelectorAll('[data-testid="hand"] [data-card]').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('[data-testid="hand"] .symbols').length).toBe(0);
  });

  it('explains the result by the objectives held, not by victory cities', () => {
    let G: GameState | null = null;
    for (let seed = 1; seed < 40 && !G; seed++) {
      const end = narvikState(seed, () => false);
      if (end.result?.reason === 'deck') G = end;
    }
    expect(G).not.toBeNull();
    show(G!);
    const r = G!.result!;
    expect(screen.getByTestId('result').textContent).toContain('The Allied deck is used up.');
    const lines = screen.getAllByTestId('result-objectives').map((e) => e.textContent);
    expect(lines[0]).toContain(`held ${r.objectives!.held.length} of 3`);
    expect(screen.getByTestId('result').textContent).not.toContain('Victory cities');
    expect(lines.length).toBe(r.winner === 'germany' ? 2 : 1);
  });
});
