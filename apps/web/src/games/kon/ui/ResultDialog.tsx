/** The end of the match: who won, how, and on what grounds. */
import { useEffect, useRef } from 'react';
import type { FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { areaName } from '../game/data';
import { endingDeck, resultLines } from '../game/scenario';
import { resultWording } from '../game/resultText';

export function ResultDialog({ G, onClose, afterGame }: { G: FactionView; onClose: () => void; afterGame?: React.ReactNode }) {
  const { t, lang } = useI18n();
  const r = G.result!;
  const scenarioLines = resultLines(G, t, lang);
  const words = resultWording(r, t, (ids) => ids.map(areaName).join(', '));
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className={`result-dialog win-${r.winner}`} onClose={onClose} data-testid="result">
      <h2>{t(`result.${r.winner}`)}</h2>
      <p className="result-level" data-testid="result-level">
        {words.level}
      </p>
      <p>
        {r.reason === 'deck' && G.scenario
          ? t('result.reason.deckOf', { deck: t(`scenario.deck.${endingDeck(G)}`) })
          : r.reason === 'time' && r.timedOut
            ? t('result.reason.time', { f: t(`faction.${r.timedOut}`) })
            : t(`result.reason.${r.reason}`)}
      </p>
      {scenarioLines.length > 0 ? (
        scenarioLines.map((l) => (
          <p key={l} data-testid="result-objectives">
            {l}
          </p>
        ))
      ) : (
        <p data-testid="result-cities">{words.cities}</p>
      )}
      {afterGame}
      <div className="row">
        <button type="button" className="primary" onClick={() => ref.current?.close()}>
          OK
        </button>
        <a className="button" href="/">
          {t('result.back')}
        </a>
      </div>
    </dialog>
  );
}
