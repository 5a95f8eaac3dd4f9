// @vitest-environment jsdom
/** Rules help on the board (area facts, legend, phase guide) and identical cards grouped in the hand. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { actor, createInitialState, viewFor, type GameState } from '@kon/game';
import { Board } from '../src/games/kon/ui/Board';
import { GameView } from '../src/games/kon/ui/GameView';
import { PhaseGuide } from '../src/games/kon/ui/HelpPanel';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { areaFacts } from '../src/games/kon/game/areaFacts';
import { groupHand, oneOfEachKind } from '../src/games/kon/game/handGroups';
import { LONG_PRESS_MS } from '../src/games/kon/ui/AreaFacts';
import { playRandomGame, seededRng } from './engine';
import { standInConnection } from './stand-in';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tr = (lang: Lang) => (k: string, p?: Record<string, string | number>) => translate(lang, k, p);
function wrap(node: React.ReactNode, lang: Lang = 'en') {
  return render(<I18nContext.Provider value={{ lang, t: tr(lang), setLang: () => {} }}>{node}</I18nContext.Provider>);
}
const initial = () => createInitialState({ ruleset: 'basic' }, seededRng(3));
function stateWhere(seed: number, stop: (G: GameState) => boolean): GameState {
  let found: GameState | null = null;
  playRandomGame({ seed, maxActions: 3000, afterAction: (G) => void (!found && stop(G) && (found = structuredClone(G))) });
  if (!found) throw new Error('no such state');
  return found;
}

describe('area facts', () => {
  it('Narvik: a victory city on zone VII, its land and fjord neighbours, in both languages', () => {
    const en = areaFacts('narvik', tr('en'))!;
    const text = en.lines.map((l) => l.text).join('\n');
    expect(en.title).toBe('Narvik');
    expect(en.lines.map((l) => l.key)).toEqual(expect.arrayContaining(['victoryCity', 'coast', 'blueCoast', 'air', 'byLand', 'byFjord']));
    expect(en.lines.map((l) => l.key)).not.toContain('mobilization');
    expect(text).toContain('Coast on sea zone VII.');
    expect(text).toContain('Neighbours by land: Bardufoss, Bjørnfjell, Gratangen, Tysfjord.');
    expect(text).toMatch(/across a fjord or lake: Harstad \(/);
    const no = areaFacts('narvik', tr('no'))!
      .lines.map((l) => l.text)
      .join('\n');
    expect(no).toContain('Seiersby');
    expect(no).toContain('Naboer over land: Bardufoss, Bjørnfjell, Gratangen, Tysfjord.');
  });

  it('an inland mobilisation point, a red coast south of the Fra Tyskland line, and sea zones', () => {
    const hamar = areaFacts('hamar', tr('en'))!;
    const keys = hamar.lines.map((l) => l.key);
    expect(keys).toContain('mobilization');
    expect(keys).toContain('inland');
    expect(hamar.lines.find((l) => l.key === 'air')!.text).toContain('Trondheim');
    const ostfold = areaFacts('ostfold', tr('en'))!;
    expect(ostfold.lines.find((l) => l.key === 'air')!.text).toContain('Fra Tyskland');
    expect(ostfold.lines.map((l) => l.key)).toEqual(expect.arrayContaining(['mobilization', 'coast', 'redCoast']));
    const zone = areaFacts('I', tr('en'))!;
    expect(zone.kind).toBe('sea');
    expect(zone.lines.map((l) => l.key)).toContain('seaRed');
    expect(zone.lines.find((l) => l.key === 'seaNeighbours')!.text).toBe('Neighbouring sea zones: II.');
    expect(areaFacts('VIII', tr('en'))!.lines.find((l) => l.key === 'seaCoasts')!.text).toBe('Open sea, no coast.');
    expect(areaFacts('nowhere', tr('en'))).toBeNull();
  });

  describe('on the map', () => {
    beforeEach(() => vi.useFakeTimers());

    it('hovering Narvik with a mouse shows its facts and who stands there; leaving hides them', () => {
      const G = viewFor(initial(), 'germany');
      wrap(<Board G={G} />);
      const narvik = document.querySelector('path[data-area="narvik"]')!;
      fireEvent.pointerOver(narvik, { pointerType: 'mouse', clientX: 100, clientY: 100 });
      act(() => void vi.advanceTimersByTime(400));
      const card = screen.getByTestId('area-facts');
      expect(card.getAttribute('data-facts')).toBe('narvik');
      expect(card.textContent).toContain('Victory city');
      expect(card.textContent).toContain('Harstad');
      expect(card.textContent).toContain(`Here now: Germany ${G.units.narvik!.germany}`);
      fireEvent.pointerOut(narvik, { pointerType: 'mouse' });
      expect(screen.queryByTestId('area-facts')).toBeNull();
    });

    it('a long press on a touch screen shows the facts and does not pick; a short tap picks', () => {
      const G = viewFor(initial(), 'germany');
      const onPick = vi.fn();
      wrap(<Board G={G} sources={new Set(['oslo'])} onPick={onPick} />);
      const oslo = document.querySelector('path[data-area="oslo"]')!;
      fireEvent.pointerDown(oslo, { pointerType: 'touch', pointerId: 1 });
      act(() => void vi.advanceTimersByTime(LONG_PRESS_MS + 50));
      fireEvent.pointerUp(oslo, { pointerType: 'touch', pointerId: 1 });
      fireEvent.click(oslo);
      expect(screen.getByTestId('area-facts').getAttribute('data-facts')).toBe('oslo');
      expect(onPick).not.toHaveBeenCalled();
      // Closed by its button; then a short tap picks the stack.
      fireEvent.click(within(screen.getByTestId('area-facts')).getByRole('button'));
      expect(screen.queryByTestId('area-facts')).toBeNull();
      fireEvent.pointerDown(oslo, { pointerType: 'touch', pointerId: 2 });
      act(() => void vi.advanceTimersByTime(100));
      fireEvent.pointerUp(oslo, { pointerType: 'touch', pointerId: 2 });
      fireEvent.click(oslo);
      expect(onPick).toHaveBeenCalledWith('oslo');
      expect(screen.queryByTestId('area-facts')).toBeNull();
    });

    it('on a phone a tap opens no facts (even one reported as a mouse); a long press does; the next tap closes them and picks nothing', () => {
      const phone = (query: string) =>
        ({
          matches: true,
          media: query,
          onchange: null,
          addEventListener() {},
          removeEventListener() {},
          addListener() {},
          removeListener() {},
          dispatchEvent: () => false,
        }) as MediaQueryList;
      vi.stubGlobal('matchMedia', phone);
      try {
        const G = viewFor(initial(), 'germany');
        const onPick = vi.fn();
        wrap(<Board G={G} sources={new Set(['oslo'])} onPick={onPick} />);
        const oslo = document.querySelector('path[data-area="oslo"]')!;
        // A plain tap: the pointer rests on the area, then clicks. No card; the stack is picked.
        fireEvent.pointerOver(oslo, { pointerType: 'mouse', clientX: 100, clientY: 100 });
        act(() => void vi.advanceTimersByTime(800));
        fireEvent.pointerDown(oslo, { pointerType: 'mouse', pointerId: 1 });
        fireEvent.pointerUp(oslo, { pointerType: 'mouse', pointerId: 1 });
        fireEvent.click(oslo);
        expect(screen.queryByTestId('area-facts')).toBeNull();
        expect(onPick).toHaveBeenCalledTimes(1);
        // A long press opens the card and picks nothing.
        fireEvent.pointerDown(oslo, { pointerType: 'mouse', pointerId: 2 });
        act(() => void vi.advanceTimersByTime(LONG_PRESS_MS + 50));
        fireEvent.pointerUp(oslo, { pointerType: 'mouse', pointerId: 2 });
        fireEvent.click(oslo);
        expect(screen.getByTestId('area-facts').getAttribute('data-facts')).toBe('oslo');
        expect(onPick).toHaveBeenCalledTimes(1);
        // The next tap, on the map, closes it and does nothing else.
        fireEvent.pointerDown(oslo, { pointerType: 'touch', pointerId: 3 });
        fireEvent.pointerUp(oslo, { pointerType: 'touch', pointerId: 3 });
        fireEvent.click(oslo);
        expect(screen.queryByTestId('area-facts')).toBeNull();
        expect(onPick).toHaveBeenCalledTimes(1);
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });
});

describe('legend', () => {
  it('lists everything the map draws, the Fra Tyskland line and the hatchings included', () => {
    wrap(<Board G={viewFor(initial(), 'germany')} />);
    fireEvent.click(screen.getByText('Legend'));
    const legend = screen.getByTestId('legend');
    const keys = [...legend.querySelectorAll('[data-legend]')].map((e) => e.getAttribute('data-legend'));
    for (const k of [
      'faction-germany',
      'faction-norway',
      'faction-allies',
      'victoryCity',
      'mobilization',
      'airfield',
      'fjord',
      'fjordCrossing',
      'fraTyskland',
      'redZone',
      'blueZone',
      'impassable',
      'pickable',
      'selected',
      'attack',
      'combat',
      'moved',
    ])
      expect(keys, k).toContain(k);
    // The scenario hatching only where a scenario leaves areas out.
    expect(keys).not.toContain('outOfPlay');
    expect(legend.querySelector('[data-legend="fraTyskland"]')!.textContent).toContain('Fra Tyskland');
    expect(legend.querySelector('[data-legend="impassable"]')!.textContent).toContain('Sweden');
    // The swatches are drawn as the map draws them.
    expect(legend.querySelector('[data-legend="fraTyskland"] .fra-tyskland')).not.toBeNull();
    expect(legend.querySelector('[data-legend="impassable"] rect')!.getAttribute('fill')).toBe('url(#hatch-grey)');
  });
});

describe('phase guide', () => {
  it('marks the phase of the turn, and says when a reaction window is open', () => {
    const G = initial();
    wrap(<PhaseGuide G={viewFor(G, 'germany')} actor={actor(G)} />);
    const guide = screen.getByTestId('phase-guide');
    expect(guide.querySelector('li.current')!.getAttribute('data-phase')).toBe('movement');
    expect(guide.querySelectorAll('li')).toHaveLength(4);
    expect(screen.queryByTestId('phase-reaction')).toBeNull();
    cleanup();
    const S = stateWhere(4, (g) => actor(g)?.stage === 'sabotage');
    wrap(<PhaseGuide G={viewFor(S, 'norway')} actor={actor(S)} />, 'no');
    expect(screen.getByTestId('phase-reaction').textContent).toContain('reaksjonsvindu');
  });
});

describe('identical cards', () => {
  it('groups copies, keeps copies with different symbols apart when symbols count', () => {
    const hand = ['no.veisperring#2', 'no.bakhold#1', 'no.veisperring#1'];
    expect(groupHand(hand, true)).toEqual([
      { key: 'no.veisperring/1', instances: ['no.veisperring#2', 'no.veisperring#1'] },
      { key: 'no.bakhold/2', instances: ['no.bakhold#1'] },
    ]);
    // Forsterkninger copies carry 5 and 4 symbols: two cards when trading, one kind to play.
    expect(groupHand(['no.forsterkninger#1', 'no.forsterkninger#2'], true)).toHaveLength(2);
    expect(groupHand(['no.forsterkninger#1', 'no.forsterkninger#2'], false)).toHaveLength(1);
    expect(oneOfEachKind(['no.forsterkninger#1', 'no.forsterkninger#2', 'no.bakhold#3'])).toEqual(['no.forsterkninger#2', 'no.bakhold#3']);
  });

  it('two Veisperring in the hand: one card with a count, one play button in the action list', () => {
    const G = stateWhere(4, (g) => actor(g)?.stage === 'sabotage');
    G.hands.norway = ['no.veisperring#1', 'no.veisperring#2', 'no.bakhold#1'];
    wrap(<GameView conn={standInConnection(G, ['norway'])} spectator={false} />);
    const hand = screen.getByTestId('hand');
    const cardsShown = hand.querySelectorAll('[data-card]');
    expect(cardsShown).toHaveLength(2);
    const veis = hand.querySelector('[data-copies~="no.veisperring#2"]')!;
    expect(veis.getAttribute('data-copies')).toBe('no.veisperring#1 no.veisperring#2');
    expect(within(veis as HTMLElement).getByTestId('card-count').textContent).toBe('×2');
    const panel = screen.getByTestId('action-panel');
    const plays = [...panel.querySelectorAll('[data-play]')].map((b) => b.getAttribute('data-play')!);
    expect(plays.filter((c) => c.startsWith('no.veisperring#'))).toHaveLength(1);
    expect(new Set(plays).size).toBe(plays.length);
  });
});

describe('teams', () => {
  const ui = (c: ReturnType<typeof standInConnection>) => (
    <I18nContext.Provider value={{ lang: 'en', t: tr('en'), setLang: () => {} }}>
      <GameView conn={c} spectator={false} />
    </I18nContext.Provider>
  );
  const next = (c: ReturnType<typeof standInConnection>) => ({ ...c, seats: c.seats.map((s) => ({ ...s, stateID: s.stateID + 10 })) });

  it("a teammate's move under a half-made choice resets it with a notice; your own move does not", () => {
    const G = initial();
    const c = standInConnection(G, ['germany']);
    const { rerender } = render(ui(c));
    fireEvent.click(document.querySelector('path[data-area="oslo"]')!);
    expect(document.querySelector('[data-dest]')).not.toBeNull();
    // The same seat moved from another browser: a new state, nothing sent from here.
    const c2 = next(c);
    rerender(ui(c2));
    expect(screen.getByTestId('team-notice').textContent).toContain('teammate');
    expect(document.querySelector('[data-dest]')).toBeNull();
    fireEvent.click(within(screen.getByTestId('team-notice')).getByRole('button'));
    expect(screen.queryByTestId('team-notice')).toBeNull();
    // Your own move: no notice.
    fireEvent.click(document.querySelector('path[data-area="oslo"]')!);
    fireEvent.click(document.querySelector('[data-dest]')!);
    expect(c.makeMove).toHaveBeenCalled();
    rerender(ui(next(c2)));
    expect(screen.queryByTestId('team-notice')).toBeNull();
  });
});
