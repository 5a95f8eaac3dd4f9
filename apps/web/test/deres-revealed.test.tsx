// @vitest-environment jsdom
/**
 * When every nation's orders are in and revealed together, the live map draws them (arrows from where
 * the pieces stood, as the looking-back view does), marked to appear in turn (deres.css animates them,
 * not where motion is reduced); the seat's next draft, or its next orders handed in, takes their place.
 * A page opened after the reveal asks the server for the board the orders were written on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { viewFor, type DeresState } from '@kon/deres';
import { deresModule } from '@kon/deres/module';
import { DeresBoard } from '../src/games/deres/DeresBoard';
import { I18nContext, translate } from '../src/i18n';
import { pastApi } from '../src/replay/api';
import { addRegiment, order, passUntil, table, THREE_NATIONS } from '../../../packages/deres/test/helpers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(G: DeresState, extra: { matchID?: string; token?: string } = {}) {
  const move = vi.fn();
  const t = (k: string, p?: Record<string, string | number>) => translate('en', k, p);
  const node = (g: DeresState) => (
    <I18nContext.Provider value={{ lang: 'en', t, setLang: () => {} }}>
      <DeresBoard G={viewFor(g, '0')} ctx={undefined} playerID="0" move={move} module={deresModule} {...extra} />
    </I18nContext.Provider>
  );
  const r = render(node(G));
  return { move, rerender: (g: DeresState) => r.rerender(node(g)) };
}
const revealed = () => document.querySelector('[data-testid="drawn-orders"].deres-revealed');

/** In the move step: a regiment of nation 0 at E5 and of nation 1 at G5, their orders not yet in. */
function beforeMoves() {
  const G = table({ ...THREE_NATIONS, supplies: 4 });
  const a = addRegiment(G, '0', { x: 4, y: 4 });
  const b = addRegiment(G, '1', { x: 6, y: 4 });
  passUntil(G, 'move');
  return { G, a, b };
}
function moved(G: DeresState, a: string, b: string) {
  const later = structuredClone(G);
  order(later, '0', { kind: 'move', moves: [{ piece: a, to: { x: 4, y: 3 } }] });
  order(later, '1', { kind: 'move', moves: [{ piece: b, to: { x: 7, y: 4 } }] });
  order(later, '2', null);
  return later;
}

describe('the orders just revealed, on the live map', () => {
  it('are drawn where the pieces stood, to appear in turn, until the next orders go in', () => {
    const { G, a, b } = beforeMoves();
    const { move, rerender } = show(G);
    expect(revealed()).toBeNull(); // the buy step revealed nothing to draw
    const later = moved(G, a, b);
    expect(later.phase).toBe('shoot'); // nation 0 is asked for its shot next
    act(() => rerender(later));
    const box = revealed()!;
    expect(box).not.toBeNull();
    expect(box.querySelector('[data-drawn="move"][data-from="4,4"][data-to="4,3"]')).not.toBeNull();
    expect(box.querySelector('[data-drawn="move"][data-from="6,4"][data-to="7,4"]')).not.toBeNull();
    // Each in its turn.
    const turns = [...box.querySelectorAll(':scope > g')].map((g) => (g as SVGGElement).style.getPropertyValue('--turn'));
    expect(turns).toEqual(['0', '1']);
    // Handed in (no shot): the map is the player's again.
    fireEvent.click(document.querySelector('[data-action="submit-empty"]')!);
    expect(move).toHaveBeenCalledWith('submitEmpty', {});
    expect(revealed()).toBeNull();
  });

  it('are asked of the server when the page opens after the reveal', async () => {
    const { G, a, b } = beforeMoves();
    const later = moved(G, a, b);
    const spy = vi.spyOn(pastApi, 'boardAt').mockResolvedValue({ G: viewFor(G, null) } as never);
    show(later, { matchID: 'm1', token: 'tok' });
    await waitFor(() => expect(revealed()).not.toBeNull());
    expect(spy).toHaveBeenCalledWith('m1', 'tok', G.log.length - 1);
    expect(revealed()!.querySelector('[data-drawn="move"][data-from="4,4"][data-to="4,3"]')).not.toBeNull();
  });

  it('appear animated, except where motion is reduced', () => {
    const css = fs.readFileSync(path.join(__dirname, '../src/games/deres/deres.css'), 'utf8');
    expect(css).toMatch(/\.deres-revealed > g \{[^}]*animation: deres-reveal/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{\s*\.deres-revealed > g \{\s*animation: none;/);
  });
});
