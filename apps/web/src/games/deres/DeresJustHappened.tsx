/**
 * On a phone the "Just happened" panel lies below the map and the orders: right after orders are
 * revealed (or supplies collected), a short summary of that step sits above the map until the player
 * hands in their next orders or hides it, with a button down to the whole panel. Wider screens show
 * the panel beside the map and hide this (deres.css).
 */
import { useMemo } from 'react';
import type { DeresView } from '@kon/deres';
import { historySteps } from './history';
import { eventLines, stepTitle } from './history-words';
import type { Words } from './words';

/** Event lines shown; the rest are counted and left to the panel. */
const LINES = 4;

export function DeresJustHappened({
  G,
  seen,
  onHide,
  name,
  tl,
  w,
}: {
  G: DeresView;
  /** The log's length when the player last acted or hid this: nothing newer, nothing shown. */
  seen: number;
  onHide: () => void;
  name: (seat: string) => string;
  tl: 'nb' | 'en';
  w: Words;
}) {
  const step = useMemo(() => historySteps(G.log).at(-1), [G.log]);
  if (!step || G.log.length <= seen || (step.kind !== 'reveal' && step.kind !== 'collect')) return null;
  const lines = step.events.flatMap((e) => eventLines(e, tl, name));
  const more = lines.length - LINES;
  const toPanel = () => document.querySelector('[data-testid="deres-history"]')?.scrollIntoView({ block: 'start' });
  return (
    <section className="panel deres-just" data-testid="deres-just" aria-label={w.historyLatest}>
      <p className="small">
        <strong>{w.historyLatest}:</strong> {stepTitle(step, tl)}
      </p>
      <ul className="small">
        {lines.slice(0, LINES).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      <div className="deres-buttons">
        <button type="button" className="small" onClick={toPanel} data-action="just-all">
          {more > 0 ? `${w.justMore} (+${more}) ↓` : `${w.justAll} ↓`}
        </button>
        <button type="button" className="small" onClick={onHide} data-action="just-hide">
          {w.justHide}
        </button>
      </div>
    </section>
  );
}
