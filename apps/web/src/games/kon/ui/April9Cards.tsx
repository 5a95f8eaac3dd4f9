/**
 * The 9. April cards in the action panel: a card's face, keeping N of M, trading 9. April cards,
 * choosing a legal set of items, and the viewer's own hand.
 */
import { useMemo, useState } from 'react';
import { APRIL9_KEEP, type Faction, type FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { matchSet, members, type Args } from '../game/advancedChoices';
import { cardName } from '../game/cardNames';
import { april9Info } from '../game/ships';

export function April9CardFace({ instance, children, selected }: { instance: string; children?: React.ReactNode; selected?: boolean }) {
  const { t, lang } = useI18n();
  const info = april9Info(instance, lang);
  return (
    <article className={`card a9-card f-${info.faction} ${selected ? 'playable' : ''}`} data-a9-card={instance} aria-label={info.title}>
      <header>
        <div>
          <h4 className="card-title">{info.title}</h4>
          <div className="card-title-en">{info.titleEn}</div>
        </div>
        <span className="a9-symbols" role="img" aria-label={t('hand.symbols', { n: info.symbols })}>
          {'★'.repeat(info.symbols)}
        </span>
      </header>
      {info.text && <p className="card-effects">{info.text}</p>}
      {info.notes.length > 0 && (
        <ul className="card-notes">
          {info.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      {children && <footer>{children}</footer>}
    </article>
  );
}

/** What both 9. April card pickers take: the faction's view, its listed options and the confirm. */
type CardPickProps = {
  G: FactionView;
  faction: Faction;
  options: Args[];
  onConfirm: (cards: string[]) => void;
  busy: boolean;
};

/** Keep N of M: the faction's 9. April stock as cards to tick; confirm when the set is a legal one. */
export function CardChoice({ G, faction, options, onConfirm, busy }: CardPickProps) {
  const { t } = useI18n();
  const stock = useMemo(() => {
    const boxed = G.april9?.boxed[faction] ?? [];
    return boxed.length > 0 ? boxed : members(options, 'cards');
  }, [G.april9, faction, options]);
  const keep = APRIL9_KEEP[faction];
  // A keepable set is ticked from the start, so that one click keeps it when the player agrees.
  const first = useMemo(() => {
    const pick = preselect(stock, keep, (c) => april9Info(c, 'en').symbols);
    return matchSet(options, 'cards', pick) ? pick : [];
  }, [stock, keep, options]);
  const [picked, setSel] = useState<string[] | null>(null);
  const sel = picked ?? first;
  const legal = sel.length === keep && !!matchSet(options, 'cards', sel);
  const toggle = (c: string) => setSel(sel.includes(c) ? sel.filter((x) => x !== c) : sel.length < keep ? [...sel, c] : sel);
  return (
    <div className="a9-choice" data-testid="a9-choice">
      <div className="a9-choice-head">
        <div>
          <h4>{t('adv.keep', { n: keep, m: stock.length })}</h4>
          <p className="muted small">{t('adv.keepCount', { k: sel.length, n: keep })}</p>
          {picked === null && first.length > 0 && <p className="muted small">{t('a9.preselected')}</p>}
        </div>
        <button
          type="button"
          className="primary"
          disabled={!legal || busy}
          // The listed option itself: the same cards in the engine's order.
          onClick={() => onConfirm(matchSet(options, 'cards', sel)!.cards as string[])}
          data-action="keep"
          data-lesson-target="button:choose-april9"
        >
          {t('adv.keepConfirm')}
        </button>
      </div>
      <div className="hand-cards">
        {stock.map((c) => (
          <April9CardFace key={c} instance={c} selected={sel.includes(c)}>
            <label className="trade-check">
              <input
                type="checkbox"
                checked={sel.includes(c)}
                onChange={() => toggle(c)}
                disabled={busy || (!sel.includes(c) && sel.length >= keep)}
                data-keep={c}
              />{' '}
              {t('adv.keepOne')}
            </label>
          </April9CardFace>
        ))}
      </div>
    </div>
  );
}

/**
 * The cards ticked at first: one of each kind before any second copy, more reinforcement symbols
 * before fewer, otherwise the stock's order.
 */
export function preselect(stock: readonly string[], keep: number, symbols: (c: string) => number): string[] {
  const kind = (c: string) => c.split('#')[0]!;
  const seen = new Set<string>();
  const ranked = stock
    .map((c, i) => ({ c, i, again: 0 }))
    .map((x) => {
      x.again = seen.has(kind(x.c)) ? 1 : 0;
      seen.add(kind(x.c));
      return x;
    })
    .sort((a, b) => a.again - b.again || symbols(b.c) - symbols(a.c) || a.i - b.i);
  return ranked.slice(0, keep).map((x) => x.c);
}

export function TradeApril9({ G, faction, options, onConfirm, busy }: CardPickProps) {
  const { t, lang } = useI18n();
  const items = members(options, 'cards');
  void G;
  void faction;
  const [sel, setSel] = useState<string[]>([]);
  const symbols = sel.reduce((s, c) => s + april9Info(c, lang).symbols, 0);
  return (
    <div className="trade-box">
      <h4>{t('adv.april9Hand')}</h4>
      <div className="button-grid">
        {items.map((c) => (
          <label key={c} className="row trade-check">
            <input
              type="checkbox"
              checked={sel.includes(c)}
              onChange={() => setSel((s) => (s.includes(c) ? s.filter((x) => x !== c) : [...s, c]))}
            />{' '}
            {cardName(c, lang)} ({april9Info(c, lang).symbols}★)
          </label>
        ))}
      </div>
      {sel.length > 0 && <p className="small">{t('adv.tradeSymbols', { s: symbols })}</p>}
      <button type="button" disabled={!matchSet(options, 'cards', sel) || busy} onClick={() => onConfirm(sel)} data-action="trade-a9">
        {t('adv.trade')}
      </button>
    </div>
  );
}

/** Choose a set of items (cards, ships) whose legal sets the engine listed. */
export function SetChoice({
  title,
  items,
  label,
  isLegal,
  onConfirm,
  confirm,
  busy,
}: {
  title: string;
  items: string[];
  label: (x: string) => string;
  isLegal: (sel: string[]) => boolean;
  onConfirm: (sel: string[]) => void;
  confirm: string;
  busy: boolean;
}) {
  const [sel, setSel] = useState<string[]>([]);
  return (
    <div className="set-choice">
      <h4>{title}</h4>
      {items.map((x) => (
        <label key={x} className="row">
          <input
            type="checkbox"
            checked={sel.includes(x)}
            onChange={() => setSel((s) => (s.includes(x) ? s.filter((y) => y !== x) : [...s, x]))}
          />{' '}
          {label(x)}
        </label>
      ))}
      <button type="button" className="primary" disabled={!isLegal(sel) || busy} onClick={() => onConfirm(sel)}>
        {confirm}
      </button>
    </div>
  );
}

/** The viewer's own 9. April cards, with their texts; those playable now are marked. */
export function April9Hand({ cards, playable }: { cards: string[]; playable: Set<string> }) {
  const { t } = useI18n();
  return (
    <details className="a9-hand" open={playable.size > 0 || undefined}>
      <summary>
        {t('adv.april9Hand')} ({cards.length})
      </summary>
      <div className="hand-cards">
        {cards.map((c) => (
          <April9CardFace key={c} instance={c} selected={playable.has(c)} />
        ))}
      </div>
    </details>
  );
}
