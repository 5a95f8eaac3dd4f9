/**
 * The buy step's orders: what a click on the map places (a regiment, a fort, and what the nation's
 * inventions and abilities add: conscripts, a slave fort, a castle, Red's stronger forts), upgrades, a
 * loan and buying lent regiments back. Only what the engine's order menu and listed moves offer is shown.
 */
import { legalActions, texts, type BuyOrders, type DeresView, type OrderMenu, type Pos } from '@kon/deres';
import { DeresOrderList, type OrderItem } from './DeresOrderList';
import { accepted, complete, type Lit } from './lit';
import { drawOrders, orderText } from './order-words';
import type { MapMarks } from './DeresMap';
import type { Words } from './words';

export type BuyMode = 'regiment' | 'fort' | 'conscript' | 'slaveFort' | 'castle' | 'fortUp';
export const EMPTY_BUY: BuyOrders = { kind: 'buy', regiments: [], forts: [], upgrades: 0, fortUpgrades: [], loan: false, repay: 0 };
const same = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
type SetBuy = (f: (b: BuyOrders) => BuyOrders) => void;

/** The click modes this seat has now, each with the squares it may click. */
export function buyModes(G: DeresView, seat: string, menu: OrderMenu): { mode: BuyMode; squares: Pos[] }[] {
  const n = G.nations[seat];
  if (!n) return [];
  const own = G.forts.filter((f) => f.owner === seat);
  const out: { mode: BuyMode; squares: Pos[] }[] = [
    { mode: 'regiment', squares: menu.regimentSquares },
    { mode: 'fort', squares: menu.fortSquares.map((f) => f.at) },
  ];
  if (n.inventions.includes('VIII') && menu.regimentSquares.length > 0) out.push({ mode: 'conscript', squares: menu.regimentSquares });
  if (n.inventions.includes('V')) {
    const squares = legalActions(G, seat).flatMap((m) => {
      const o = m.args[0] as Partial<BuyOrders> | undefined;
      return m.move === 'submitOrders' && o?.slaveFort ? [o.slaveFort] : [];
    });
    if (squares.length) out.push({ mode: 'slaveFort', squares });
  }
  if (n.inventions.includes('I')) {
    const forts = own.filter((f) => !f.castle);
    if (forts.length) out.push({ mode: 'castle', squares: forts });
  }
  if (menu.fortUpgradable.length) out.push({ mode: 'fortUp', squares: own.filter((f) => menu.fortUpgradable.includes(f.id)) });
  return out.filter((m) => m.squares.length > 0);
}

/** A click in the given mode, applied to the draft. */
export function buyClick(G: DeresView, buy: BuyOrders, mode: BuyMode, p: Pos): BuyOrders {
  const fort = G.forts.find((f) => same(f, p));
  switch (mode) {
    case 'regiment':
      return { ...buy, regiments: [...buy.regiments, p] };
    case 'fort':
      return buy.forts.some((f) => same(f, p)) ? buy : { ...buy, forts: [...buy.forts, p] };
    case 'conscript':
      return { ...buy, conscripts: [...(buy.conscripts ?? []), p].slice(-2) };
    case 'slaveFort':
      return { ...buy, slaveFort: p };
    case 'castle':
      return fort ? { ...buy, castle: fort.id } : buy;
    case 'fortUp':
      return fort ? { ...buy, fortUpgrades: [...buy.fortUpgrades, fort.id] } : buy;
  }
}

/** Where a click in the current mode gives orders the engine takes, with what it costs. */
export function buyLit(G: DeresView, seat: string, menu: OrderMenu, buy: BuyOrders, mode: BuyMode, squares: Pos[]): Lit[] {
  const cost = (p: Pos): string => {
    if (mode === 'fort') return String(menu.fortSquares.find((f) => same(f.at, p))?.cost ?? 2);
    return mode === 'regiment' || mode === 'fortUp' ? '1' : mode === 'castle' ? '' : '0';
  };
  return squares.flatMap((p) => {
    const next = buyClick(G, buy, mode, p);
    return next !== buy && accepted(G, seat, next) ? [{ at: p, label: cost(p), ...(complete(next) ? { orders: next } : {}) }] : [];
  });
}

/** The buy orders one by one in words, each removable; a placed piece can be placed anew. */
export function buyItems(
  G: DeresView,
  buy: BuyOrders,
  setBuy: SetBuy,
  setMode: (m: BuyMode) => void,
  menu: OrderMenu,
  tl: 'nb' | 'en',
): OrderItem[] {
  const fortAt = (id: string) => G.forts.find((f) => f.id === id);
  const without = <T,>(list: T[], i: number) => list.filter((_, k) => k !== i);
  const items: OrderItem[] = [];
  const placed = (list: 'regiments' | 'forts' | 'conscripts', mode: BuyMode) =>
    (buy[list] ?? []).forEach((p, i) => {
      const remove = () => setBuy((b) => ({ ...b, [list]: without(b[list] ?? [], i) }));
      const n = menu.fortSquares.find((f) => same(f.at, p))?.cost ?? 2;
      const word = list === 'regiments' ? 'regiment' : list === 'forts' ? 'fort' : 'conscript';
      items.push({
        key: `${list}${i}`,
        text: orderText(word, tl, { a: p, n }),
        change: () => {
          remove();
          setMode(mode);
        },
        remove,
      });
    });
  placed('regiments', 'regiment');
  placed('forts', 'fort');
  placed('conscripts', 'conscript');
  if (buy.slaveFort)
    items.push({
      key: 'slave',
      text: orderText('slaveFort', tl, { a: buy.slaveFort }),
      remove: () => setBuy(({ slaveFort: _, ...b }) => b),
    });
  const castle = buy.castle ? fortAt(buy.castle) : undefined;
  if (castle) items.push({ key: 'castle', text: orderText('castle', tl, { a: castle }), remove: () => setBuy(({ castle: _, ...b }) => b) });
  buy.fortUpgrades.forEach((id, i) => {
    const f = fortAt(id);
    if (f)
      items.push({
        key: `up${i}`,
        text: orderText('fortUp', tl, { a: f }),
        remove: () => setBuy((b) => ({ ...b, fortUpgrades: without(b.fortUpgrades, i) })),
      });
  });
  if (buy.upgrades)
    items.push({
      key: 'upgrades',
      text: orderText('upgrades', tl, { n: buy.upgrades }),
      remove: () => setBuy((b) => ({ ...b, upgrades: 0 })),
    });
  if (buy.loan) items.push({ key: 'loan', text: orderText('loan', tl), remove: () => setBuy((b) => ({ ...b, loan: false })) });
  if (buy.repay)
    items.push({ key: 'repay', text: orderText('repay', tl, { n: buy.repay }), remove: () => setBuy((b) => ({ ...b, repay: 0 })) });
  return items;
}

/** Upgrades, a loan and lent regiments bought back: numbers and a tick, beside the map. */
function BuyExtras({
  G,
  seat,
  menu,
  buy,
  setBuy,
  w,
}: {
  G: DeresView;
  seat: string;
  menu: OrderMenu;
  buy: BuyOrders;
  setBuy: SetBuy;
  w: Words;
}) {
  const loaned = G.nations[seat]?.loaned ?? 0;
  return (
    <>
      <label className="small">
        {w.upgrade} ({w.nextCosts}: {menu.upgradeCosts.slice(0, buy.upgrades + 1).join(', ') || '–'}):{' '}
        <input
          type="number"
          name="upgrades"
          min={0}
          max={menu.upgradeCosts.length}
          value={buy.upgrades}
          onChange={(e) =>
            setBuy((b) => ({ ...b, upgrades: Math.max(0, Math.min(menu.upgradeCosts.length, Number(e.target.value) || 0)) }))
          }
          style={{ width: '4em' }}
        />
      </label>{' '}
      <label className="small">
        <input type="checkbox" name="loan" checked={buy.loan} onChange={(e) => setBuy((b) => ({ ...b, loan: e.target.checked }))} />{' '}
        {w.loan}
      </label>{' '}
      {loaned > 0 && (
        <label className="small" data-testid="repay">
          {w.repay} ({w.lent}: {loaned}):{' '}
          <input
            type="number"
            name="repay"
            min={0}
            max={loaned}
            value={buy.repay}
            onChange={(e) => setBuy((b) => ({ ...b, repay: Math.max(0, Math.min(loaned, Number(e.target.value) || 0)) }))}
            style={{ width: '4em' }}
          />
        </label>
      )}
    </>
  );
}

export function buyStep(
  G: DeresView,
  seat: string,
  menu: OrderMenu,
  buy: BuyOrders,
  setBuy: SetBuy,
  mode: BuyMode,
  setMode: (m: BuyMode) => void,
  w: Words,
  tl: 'nb' | 'en',
): { marks: MapMarks; onSquare: (p: Pos) => void; body: React.ReactNode } {
  const modes = buyModes(G, seat, menu);
  const current = modes.find((m) => m.mode === mode) ?? modes[0];
  const lit = current ? buyLit(G, seat, menu, buy, current.mode, current.squares) : [];
  const marks: MapMarks = { lit, drawn: drawOrders(G, seat, buy) };
  const onSquare = (p: Pos) => {
    if (current && lit.some((l) => same(l.at, p))) setBuy((b) => buyClick(G, b, current.mode, p));
  };
  const inv = (id: 'I' | 'V' | 'VIII') => texts.INVENTION_TEXTS[id];
  const hint: Partial<Record<BuyMode, string>> = {
    regiment: w.hintRegiment,
    fort: w.hintFort,
    conscript: inv('VIII').text[tl],
    slaveFort: inv('V').text[tl],
    castle: inv('I').text[tl],
    fortUp: w.hintFortUp,
  };
  const body = (
    <>
      <fieldset className="deres-modes" data-testid="buy-modes">
        <legend className="small">{w.clickPlaces}</legend>
        {modes.map((m) => (
          <button
            key={m.mode}
            type="button"
            className="small"
            aria-pressed={m.mode === current?.mode}
            data-mode={m.mode}
            onClick={() => setMode(m.mode)}
          >
            {w[`mode_${m.mode}`]}
          </button>
        ))}
        {current && <p className="muted small">{lit.length ? hint[current.mode] : w.nothingLit}</p>}
      </fieldset>
      <p className="small" data-testid="buy-summary">
        {[
          `${w.regimentsN}: ${buy.regiments.length}`,
          `${w.fortsN}: ${buy.forts.length}`,
          ...(buy.conscripts?.length ? [`${w.mode_conscript}: ${buy.conscripts.length}/2`] : []),
        ].join(' · ')}
      </p>
      <BuyExtras G={G} seat={seat} menu={menu} buy={buy} setBuy={setBuy} w={w} />
      <DeresOrderList items={buyItems(G, buy, setBuy, setMode, menu, tl)} w={w} />
    </>
  );
  return { marks, onSquare, body };
}
