/**
 * What happened, step by step: the latest step (the orders just revealed together and their result)
 * is shown as it comes; Earlier / Later step back through the match's rounds and phases, and the map
 * then shows the board right after that step, as the spectators saw it (the server's board at that
 * log entry: never an order not yet revealed). A new step of the live game brings the live map back,
 * so that the map a player writes orders on is never the past.
 */
import { useEffect, useMemo, useState } from 'react';
import type { DeresView } from '@kon/deres';
import { pastApi } from '../../replay/api';
import { historySteps, revealedDrawn, type HistoryStep } from './history';
import type { DrawnOrder } from './order-words';
import { eventLines, stepTitle } from './history-words';
import type { Words } from './words';

/** A finished match's record (its set-up, seed and every move: each order as handed in, also those replaced). */
function download(matchID: string, token: string) {
  pastApi.record(matchID, token).then(
    (record) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `deres-uenighet-${matchID}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    () => {},
  );
}

export interface PastBoard {
  G: DeresView;
  drawn: DrawnOrder[];
}

/**
 * The board right after a step, and the orders revealed in it drawn as on the live map (arrows,
 * shots with the roll they needed), placed on the board they were written on (the entry before).
 */
async function pastBoard(matchID: string, token: string, step: HistoryStep): Promise<PastBoard> {
  const after = (await pastApi.boardAt(matchID, token, step.last)).G as unknown as DeresView;
  if (step.kind !== 'reveal' || step.first === 0) return { G: after, drawn: [] };
  const before = (await pastApi.boardAt(matchID, token, step.first - 1)).G as unknown as DeresView;
  const drawn = revealedDrawn(before, step);
  return { G: after, drawn };
}

export function DeresHistory({
  G,
  matchID,
  token,
  name,
  tl,
  w,
  onPast,
}: {
  G: DeresView;
  matchID: string | undefined;
  token: string | undefined;
  name: (seat: string) => string;
  tl: 'nb' | 'en';
  w: Words;
  /** The board to show instead of the live one, with the orders revealed in that step drawn (null: the live board). */
  onPast: (past: PastBoard | null) => void;
}) {
  const steps = useMemo(() => historySteps(G.log), [G.log]);
  const last = steps.length - 1;
  const [picked, setPicked] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  // A new step of the live game (orders to give, a set-up turn) brings the live map back.
  const live = `${G.round}:${G.phase}:${G.shootingRound}:${G.step}:${G.spreadStep}:${G.setupTurn}`;
  const [liveSeen, setLiveSeen] = useState(live);
  if (liveSeen !== live) {
    setLiveSeen(live);
    setPicked(null);
  }
  const i = picked === null ? last : Math.min(picked, last);
  const past = picked !== null && picked < last;
  const step = steps[i];
  const shown = past && step ? step : null;
  useEffect(() => {
    if (!shown || !matchID || !token) {
      onPast(null);
      return;
    }
    let live = true;
    setFailed(false);
    pastBoard(matchID, token, shown).then(
      (b) => live && onPast(b),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [shown, matchID, token, onPast]);
  if (!step) return null;
  const go = (to: number) => setPicked(to >= last ? null : Math.max(0, to));
  return (
    <section
      className={`panel deres-history${past ? ' past' : ''}`}
      data-testid="deres-history"
      data-step={i}
      data-kind={step.kind}
      data-phase={step.phase ?? undefined}
      aria-live="polite"
    >
      <h2>{past ? w.historyPast : w.historyLatest}</h2>
      <p className="small">
        <strong data-testid="history-title">{stepTitle(step, tl)}</strong>{' '}
        <span className="muted">
          ({i + 1}/{steps.length})
        </span>
      </p>
      <ul className="small deres-history-lines">
        {step.events.flatMap((e, k) =>
          eventLines(e, tl, name).map((line, j) => (
            <li key={`${k}.${j}`} data-event={e.t}>
              {line}
            </li>
          )),
        )}
      </ul>
      {past && <p className="muted small">{failed ? w.historyFailed : w.historyMap}</p>}
      {G.result && matchID && token && (
        <p className="small">
          <button type="button" className="small" onClick={() => download(matchID, token)} data-action="download-record">
            {w.historyRecord}
          </button>
        </p>
      )}
      <div className="deres-buttons">
        <button type="button" className="small" onClick={() => go(i - 1)} disabled={i === 0} data-action="history-earlier">
          ◀ {w.historyEarlier}
        </button>
        <button type="button" className="small" onClick={() => go(i + 1)} disabled={!past} data-action="history-later">
          {w.historyLater} ▶
        </button>
        {past && (
          <button type="button" className="small primary" onClick={() => go(last)} data-action="history-now">
            {w.historyNow}
          </button>
        )}
      </div>
    </section>
  );
}
