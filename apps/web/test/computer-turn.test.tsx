// @vitest-environment jsdom
/** The computer's latest play read from the log: which areas are marked, and the line that sums it up. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { Faction, LogEntry } from '@kon/game';
import { followMarks, followSummary } from '../src/games/kon/game/computerTurn';
import { FollowArrows, FollowOutlines } from '../src/games/kon/ui/FollowMarks';

afterEach(cleanup);

const e = (faction: Faction | null, event: string, data?: LogEntry['data'], round = 1): LogEntry => ({ round, faction, event, data });
const BOTS = new Set<Faction>(['norway', 'allies']);

/** Germany (a person) moves and attacks; Norway and the Allies (the computer) take their turns. */
const ROUND: LogEntry[] = [
  e('germany', 'turnStarts', { round: 1 }),
  e('germany', 'move', { from: 'oslo', to: 'hamar', count: 2 }),
  e('germany', 'phase', { phase: 'combat' }),
  e('norway', 'turnStarts', { round: 1 }),
  e('norway', 'move', { from: 'voss', to: 'bergen', count: 2 }),
  e('norway', 'move', { from: 'otta', to: 'dombas', count: 1 }),
  e('norway', 'attack', { from: 'elverum', to: 'hamar', count: 1 }),
  e('norway', 'combatStarts', { area: 'hamar', attackers: 1, defenders: 2 }),
  e(null, 'combatEnds', { area: 'hamar', winner: 'defender', holder: 'germany' }),
  e('norway', 'phase', { phase: 'reinforcement' }),
  e('norway', 'cardPlayed', { card: 'no.veisperring#1' }),
  e('norway', 'reinforced', { area: 'bergen', count: 1, byAir: false }),
  e('norway', 'reinforced', { area: 'bergen', count: 1, byAir: false }),
  e('allies', 'turnStarts', { round: 1 }),
  e('allies', 'landed', { areas: ['narvik', 'harstad'] }),
  e('allies', 'reinforced', { area: 'narvik', count: 3, byAir: false }),
  e('allies', 'reinforced', { area: 'harstad', count: 1, byAir: false }),
];

describe('what the computer just did', () => {
  it('marks every area a computer move touched since the person last decided, not the person’s own', () => {
    const m = followMarks(ROUND, BOTS)!;
    expect(m.factions).toEqual(['norway', 'allies']);
    expect(m.areas.map((a) => a.area).sort()).toEqual(['bergen', 'dombas', 'elverum', 'hamar', 'harstad', 'narvik', 'otta', 'voss']);
    expect(m.areas.find((a) => a.area === 'bergen')).toMatchObject({ faction: 'norway', placed: 2 });
    expect(m.areas.find((a) => a.area === 'narvik')).toMatchObject({ faction: 'allies', placed: 3 });
    expect(m.arrows).toEqual([
      { faction: 'norway', from: 'voss', to: 'bergen', count: 2, attack: false },
      { faction: 'norway', from: 'otta', to: 'dombas', count: 1, attack: false },
      { faction: 'norway', from: 'elverum', to: 'hamar', count: 1, attack: true },
    ]);
    // Oslo (Germany's own move) is not the computer's.
    expect(m.areas.some((a) => a.area === 'oslo')).toBe(false);
  });

  it('sums it up per side, in English and in Norwegian', () => {
    const m = followMarks(ROUND, BOTS)!;
    expect(followSummary(ROUND, m, 'en')).toBe(
      'Norway moved 3 battalions, attacked Hamar, played Roadblock (Veisperring), and placed 2 in Bergen. The Allies landed in Narvik and Harstad and placed 4 in Narvik and Harstad.',
    );
    expect(followSummary(ROUND, m, 'no')).toBe(
      'Norge flyttet 3 bataljoner, angrep Hamar, spilte Veisperring og satte ut 2 i Bergen. De allierte gikk i land i Narvik og Harstad og satte ut 4 i Narvik og Harstad.',
    );
  });

  it('names a side that only played a card, and says so when one had its turn and moved nothing', () => {
    const card = [e('germany', 'attack', { from: 'oslo', to: 'hamar', count: 1 }), e('norway', 'cardPlayed', { card: 'no.veisperring#1' })];
    expect(followSummary(card, followMarks(card, BOTS)!, 'en')).toBe('Norway played Roadblock (Veisperring).');
    const log = [e('germany', 'move', { from: 'oslo', to: 'hamar', count: 1 }), e('norway', 'turnStarts', { round: 1 })];
    const m = followMarks(log, BOTS)!;
    expect(m.areas).toEqual([]);
    expect(followSummary(log, m, 'en')).toBe('Norway made no move on the map.');
    expect(followSummary(log, m, 'no')).toBe('Norge gjorde ingen trekk på kartet.');
  });

  it('clears once a person decides again (a card in a reaction window counts), and shows nothing without computer sides', () => {
    expect(followMarks([...ROUND, e('germany', 'cardPlayed', { card: 'g1' })], BOTS)).toBeNull();
    // Germany's new turn starting is no decision of the person: the marks stay for them to see.
    expect(followMarks([...ROUND, e('germany', 'turnStarts', { round: 2 }, 2)], BOTS)?.factions).toEqual(['norway', 'allies']);
    expect(followMarks(ROUND, new Set())).toBeNull();
  });

  it('with the computer on every side, reaches back one round at most', () => {
    const all = new Set<Faction>(['germany', 'norway', 'allies']);
    const m = followMarks(
      [...ROUND, e('germany', 'turnStarts', { round: 2 }, 2), e('germany', 'move', { from: 'oslo', to: 'honefoss', count: 1 }, 2)],
      all,
    )!;
    // Round 1's German turn is older than three turns back: its Oslo → Hamar is no longer marked.
    expect(m.arrows.some((a) => a.from === 'oslo' && a.to === 'hamar')).toBe(false);
    expect(m.arrows.some((a) => a.from === 'oslo' && a.to === 'honefoss')).toBe(true);
    expect(m.factions).toEqual(['norway', 'allies', 'germany']);
  });

  it('draws the outlines, arrows and counts on the map', () => {
    const m = followMarks(ROUND, BOTS)!;
    const { container } = render(
      <svg role="img" aria-label="map">
        <FollowOutlines marks={m} />
        <FollowArrows marks={m} k={1} />
      </svg>,
    );
    const outlined = [...container.querySelectorAll('[data-follow]')].map((el) => el.getAttribute('data-follow'));
    expect(outlined.sort()).toEqual(m.areas.map((a) => a.area).sort());
    expect(container.querySelectorAll('[data-follow-arrow]').length).toBe(3);
    expect(container.querySelector('[data-follow-placed="bergen"]')?.textContent).toBe('+2');
  });
});
