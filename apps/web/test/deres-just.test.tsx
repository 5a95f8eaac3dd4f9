// @vitest-environment jsdom
/**
 * Right after orders are revealed, a phone shows what just happened above the map and the orders (the
 * full panel lies below them): the step's title and its first lines, until the player hands in their
 * next orders or hides it; a newer reveal brings it back. (Wider screens hide it in deres.css; the
 * browser check at 390 × 844 is in e2e/deres-computer.e2e.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { viewFor, type DeresState } from '@kon/deres';
import { deresModule } from '@kon/deres/module';
import { DeresBoard } from '../src/games/deres/DeresBoard';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { actors, order, passUntil, table, THREE_NATIONS } from '../../../packages/deres/test/helpers';

afterEach(cleanup);

const start = (): DeresState =>
  table({
    ...THREE_NATIONS,
    supplies: 4,
  });

function show(G: DeresState, lang: Lang = 'en') {
  const move = vi.fn();
  const t = (k: string, p?: Record<string, string | number>) => translate(lang, k, p);
  const node = (g: DeresState) => (
    <I18nContext.Provider value={{ lang, t, setLang: () => {} }}>
      <DeresBoard G={viewFor(g, '0')} ctx={undefined} playerID="0" move={move} module={deresModule} />
    </I18nContext.Provider>
  );
  const r = render(node(G));
  return { move, rerender: (g: DeresState) => r.rerender(node(g)) };
}
const just = () => screen.queryByTestId('deres-just');
const before = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('what just happened, on a phone', () => {
  it('sits above the map and the orders after a reveal, until the next orders go in', () => {
    const G = start();
    passUntil(G, 'move'); // the buy step's orders revealed
    const { move } = show(G);
    const box = just()!;
    expect(box).not.toBeNull();
    expect(box.textContent).toContain('Round 1 · I Buy – orders revealed');
    expect(box.querySelectorAll('li').length).toBeGreaterThan(0);
    const map = document.querySelector('.deres-map')!;
    const orders = document.querySelector('[data-action="submit-orders"]')!;
    const panel = screen.getByTestId('deres-history');
    expect(before(box, map) && before(box, orders) && before(orders, panel)).toBe(true);
    fireEvent.click(orders);
    expect(move).toHaveBeenCalledWith('submitOrders', expect.anything());
    expect(just()).toBeNull();
  });

  it('is hidden by its button, and back with the next reveal, in Norwegian too', () => {
    const G = start();
    passUntil(G, 'move');
    const { rerender } = show(G, 'no');
    expect(just()!.textContent).toContain('Nettopp skjedd');
    fireEvent.click(document.querySelector('[data-action="just-hide"]')!);
    expect(just()).toBeNull();
    const later = structuredClone(G);
    for (const s of actors(later)) order(later, s, null); // the move step revealed; no shots: supplies collected
    expect(later.log.length).toBeGreaterThan(G.log.length);
    act(() => rerender(later));
    expect(just()!.textContent).toContain('IV Samle inn forsyninger');
  });

  it('is not shown before anything was revealed', () => {
    show(start());
    expect(just()).toBeNull();
  });
});
