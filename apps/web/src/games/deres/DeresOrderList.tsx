/**
 * The orders being written, one line each in words with square names, beside the map: each can be
 * changed (its piece is picked again on the map, or its purchase placed anew) or removed before the
 * orders are handed in.
 */
import type { Words } from './words';

export interface OrderItem {
  key: string;
  text: string;
  /** Picks the order up again so that the next click on the map gives it anew. */
  change?: () => void;
  remove: () => void;
}

export function DeresOrderList({ items, w }: { items: OrderItem[]; w: Words }) {
  if (!items.length)
    return (
      <p className="muted small" data-testid="order-list" data-count={0}>
        {w.noOrdersYet}
      </p>
    );
  return (
    <ol className="deres-order-list small" data-testid="order-list" data-count={items.length}>
      {items.map((it) => (
        <li key={it.key} data-order-item={it.key}>
          <span>{it.text}</span>{' '}
          {it.change && (
            <button type="button" className="small" onClick={it.change} data-action="order-change" aria-label={`${w.change}: ${it.text}`}>
              {w.change}
            </button>
          )}{' '}
          <button type="button" className="small" onClick={it.remove} data-action="order-remove" aria-label={`${w.remove}: ${it.text}`}>
            {w.remove}
          </button>
        </li>
      ))}
    </ol>
  );
}
