// @vitest-environment jsdom
/**
 * The Deres orders panel offers what the nation holds beyond plain buying, moving and shooting: the
 * inventions played inside orders (castle, slave fort, conscripts, sniper, bombardment, artillery, gas,
 * explorer), Red's stronger forts and buying lent regiments back. Each is clicked as a player would,
 * and the orders sent are the ones the engine accepts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { viewFor, whyNoOrders, type DeresState, type InventionId, type Orders } from '@kon/deres';
import { deresModule } from '@kon/deres/module';
import { DeresBoard } from '../src/games/deres/DeresBoard';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { addFort, addRegiment, passUntil, table } from '../../../packages/deres/test/helpers';

afterEach(cleanup);

function start(nation: 'lilla' | 'rod' | 'gronn', held: InventionId[]): DeresState {
  const G = table({
    nations: [nation, 'gul', nation === 'rod' ? 'lilla' : 'rod'],
    capitals: [
      { x: 0, y: 7 },
      { x: 9, y: 7 },
      { x: 5, y: 0 },
    ],
    supplies: 6,
  });
  G.nations['0']!.inventions = held;
  G.inventionBag = G.inventionBag.filter((i) => !held.includes(i));
  return G;
}

function show(G: DeresState, lang: Lang = 'en') {
  const move = vi.fn();
  const t = (k: string, p?: Record<string, string | number>) => translate(lang, k, p);
  render(
    <I18nContext.Provider value={{ lang, t, setLang: () => {} }}>
      <DeresBoard G={viewFor(G, '0')} ctx={undefined} playerID="0" move={move} module={deresModule} />
    </I18nContext.Provider>,
  );
  return move;
}
const targets = () => [...document.querySelectorAll('g[data-target="true"]')];
const square = (x: number, y: number) => document.querySelector(`g[data-square="${x},${y}"]`)!;
const mode = (m: string) => fireEvent.click(document.querySelector(`button[data-mode="${m}"]`)!);
/** Sends the draft and returns the orders, after checking the engine takes them. */
function submit(G: DeresState, move: ReturnType<typeof vi.fn>): Orders {
  const button = document.querySelector('[data-action="submit-orders"]') as HTMLButtonElement;
  expect(screen.queryByTestId('orders-why')?.textContent ?? null).toBeNull();
  fireEvent.click(button);
  expect(move).toHaveBeenCalledWith('submitOrders', expect.anything());
  const o = move.mock.calls.at(-1)![1] as Orders;
  expect(whyNoOrders(G, '0', o)).toBeNull();
  return o;
}

describe('Deres orders: inventions and abilities inside orders', { timeout: 60_000 }, () => {
  it('buys with conscripts, a slave fort and a castle, each from its own click mode', () => {
    const G = start('lilla', ['I', 'V', 'VIII']);
    const fort = addFort(G, '0', { x: 2, y: 7 });
    const move = show(G);
    const modes = [...document.querySelectorAll('[data-testid="buy-modes"] button')].map((b) => b.getAttribute('data-mode'));
    // No fort mode: a fort goes beside a regiment, and this nation has none on the map yet.
    expect(modes).toEqual(['regiment', 'conscript', 'slaveFort', 'castle']);
    mode('conscript');
    const [a, b] = targets();
    fireEvent.click(a!);
    fireEvent.click(b!);
    mode('castle');
    expect(targets().map((t) => t.getAttribute('data-square'))).toEqual(['2,7']);
    fireEvent.click(square(2, 7));
    mode('slaveFort');
    fireEvent.click(square(5, 4));
    const o = submit(G, move);
    expect(o).toMatchObject({ kind: 'buy', castle: fort, slaveFort: { x: 5, y: 4 }, regiments: [] });
    expect((o as { conscripts: unknown[] }).conscripts).toHaveLength(2);
  });

  it("strengthens Red's fort (twice) and buys lent regiments back", () => {
    const G = start('rod', []);
    const fort = addFort(G, '0', { x: 1, y: 6 });
    addFort(G, '0', { x: 0, y: 6 });
    G.nations['0']!.loaned = 2;
    const move = show(G, 'no');
    mode('fortUp');
    fireEvent.click(square(1, 6));
    fireEvent.click(square(1, 6));
    fireEvent.change(document.querySelector('input[name=repay]')!, { target: { value: '2' } });
    expect(screen.getByTestId('repay').textContent).toContain('Kjøp tilbake');
    expect(submit(G, move)).toMatchObject({ fortUpgrades: [fort, fort], repay: 2 });
  });

  it('moves with the explorer: farther squares are offered once it is ticked', () => {
    const G = start('lilla', ['IX']);
    const r = addRegiment(G, '0', { x: 1, y: 7 });
    passUntil(G, 'move');
    const move = show(G);
    fireEvent.click(square(1, 7));
    const plain = targets().length;
    // The piece stays picked; ticking the explorer offers more squares.
    fireEvent.click(document.querySelector('input[name=explorer]')!);
    expect(targets().length).toBeGreaterThan(plain);
    fireEvent.click(
      targets()
        .filter((t) => t.getAttribute('data-square') !== '1,7')
        .at(-1)!,
    );
    const o = submit(G, move);
    expect(o).toMatchObject({ kind: 'move', explorer: true, moves: [{ piece: r }] });
  });

  it('shoots with gas, artillery, the sniper and bombardment', () => {
    const G = start('lilla', ['III', 'X']);
    addRegiment(G, '0', { x: 3, y: 5 });
    for (const x of [5, 6, 7]) addRegiment(G, '1', { x, y: 5 });
    passUntil(G, 'shoot');
    let move = show(G);
    mode('gas');
    expect(targets()).toHaveLength(3);
    fireEvent.click(square(6, 5));
    expect(submit(G, move)).toMatchObject({ kind: 'shoot', gas: { x: 6, y: 5 } });
    cleanup();

    move = show(G);
    // Two squares off, every shot needs more than 12 on the d12: none is offered, until the sniper makes it sure.
    expect(targets().map((t) => t.getAttribute('data-square'))).not.toContain('3,5');
    fireEvent.click(document.querySelector('input[name=sniper]')!);
    fireEvent.click(square(3, 5));
    fireEvent.click(square(5, 5));
    expect(screen.getByTestId('order-list').textContent).toContain('Sniper shot from D6 at F6');
    expect(document.querySelector('[data-drawn="shot"]')?.getAttribute('data-to')).toBe('5,5');
    expect(screen.getByTestId('shot-needed').textContent).toContain('sure hit');
    expect(submit(G, move)).toMatchObject({ shot: { target: { x: 5, y: 5 }, sniper: true } });
    cleanup();

    const H = start('lilla', ['IV', 'VI']);
    addRegiment(H, '0', { x: 3, y: 5 });
    for (const x of [5, 6, 7]) addRegiment(H, '1', { x, y: 5 });
    passUntil(H, 'shoot');
    move = show(H);
    fireEvent.click(document.querySelector('input[name=bombard]')!);
    mode('artillery');
    for (const x of [5, 6, 7]) fireEvent.click(square(x, 5));
    expect(submit(H, move)).toMatchObject({ bombard: true, artillery: [5, 6, 7].map((x) => ({ x, y: 5 })) });
  });

  it('offers no invention a nation does not hold', () => {
    const G = start('lilla', []);
    show(G);
    const modes = [...document.querySelectorAll('[data-testid="buy-modes"] button')].map((b) => b.getAttribute('data-mode'));
    expect(modes).toEqual(['regiment']);
    expect(document.querySelector('input[name=repay]')).toBeNull();
  });
});

describe('Deres orders: why a draft cannot be sent yet, in the reader’s language', () => {
  it('offers only pieces that can move, and lets a picked piece go when it is clicked again', () => {
    const G = start('lilla', []);
    addRegiment(G, '0', { x: 1, y: 7 });
    passUntil(G, 'move');
    show(G);
    const map = () => document.querySelector('[data-testid="deres-map"]')!;
    expect(targets().map((t) => t.getAttribute('data-square'))).toEqual(['1,7']);
    fireEvent.click(square(1, 7));
    expect(map().getAttribute('data-selected')).toBe('1,7');
    expect(targets().length).toBeGreaterThan(1);
    fireEvent.click(square(1, 7));
    expect(map().getAttribute('data-selected')).toBeNull();
    expect(targets().map((t) => t.getAttribute('data-square'))).toEqual(['1,7']);
  });

  it('lights no square the supplies do not pay for, and says why in Norwegian and in English', () => {
    for (const [lang, text] of [
      ['no', 'Ikke nok forsyninger.'],
      ['en', 'Not enough supplies.'],
    ] as const) {
      const G = start('lilla', []);
      G.nations['0']!.supplies = 1;
      const move = show(G, lang);
      expect(targets().length).toBeGreaterThan(1);
      // One regiment is paid for; after it, nothing more is lit, and the same square never twice.
      fireEvent.click(targets()[0]!);
      expect(targets()).toEqual([]);
      expect(screen.getByTestId('order-list').getAttribute('data-count')).toBe('1');
      fireEvent.change(document.querySelector('input[name=upgrades]')!, { target: { value: '1' } });
      expect(screen.getByTestId('orders-why').textContent).toContain(text);
      const button = document.querySelector('[data-action="submit-orders"]') as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(move).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('names each order with square names, draws it, and lets it be changed or removed', () => {
    const G = start('lilla', []);
    const a = addRegiment(G, '0', { x: 1, y: 7 });
    addRegiment(G, '0', { x: 1, y: 6 });
    passUntil(G, 'move');
    const move = show(G);
    fireEvent.click(square(1, 7));
    // Every lit square carries orders the engine takes; none is the square the other piece stands on.
    const lit = [...document.querySelectorAll('g[data-lit="true"]')];
    expect(lit.length).toBeGreaterThan(0);
    for (const g of lit) expect(whyNoOrders(G, '0', JSON.parse(g.getAttribute('data-order')!))).toBeNull();
    expect(lit.map((g) => g.getAttribute('data-square'))).not.toContain('1,6');
    fireEvent.click(lit[0]!);
    const to = lit[0]!.getAttribute('data-square')!;
    expect(document.querySelector('[data-drawn="move"]')?.getAttribute('data-to')).toBe(to);
    expect(screen.getByTestId('order-list').textContent).toContain('Regiment B8 →');
    // Changed: the piece is picked again and sent elsewhere.
    fireEvent.click(document.querySelector('[data-action="order-change"]')!);
    const other = [...document.querySelectorAll('g[data-lit="true"]')].find((g) => g.getAttribute('data-square') !== to)!;
    fireEvent.click(other);
    expect(document.querySelector('[data-drawn="move"]')?.getAttribute('data-to')).toBe(other.getAttribute('data-square'));
    expect(submit(G, move)).toMatchObject({ moves: [{ piece: a }] });
    fireEvent.click(document.querySelector('[data-action="order-remove"]')!);
    expect(document.querySelector('[data-drawn="move"]')).toBeNull();
    expect(screen.getByTestId('order-list').getAttribute('data-count')).toBe('0');
  });
});

describe('Deres status: counts of one', () => {
  it('says "1 supply" and "1 upgrade", and "2 supplies"', () => {
    const G = start('lilla', []);
    G.nations['0']!.supplies = 1;
    G.nations['0']!.upgrades = 1;
    G.nations['1']!.supplies = 2;
    show(G);
    const line = (s: string) => document.querySelector(`li[data-seat="${s}"]`)!.textContent!;
    expect(line('0')).toContain('1 supply, 1 upgrade,');
    expect(line('1')).toContain('2 supplies, 0 upgrades,');
  });
});
