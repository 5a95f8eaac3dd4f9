/**
 * The rules, one click away on the board: a "Rules" button in the banner opens a dialog with what the
 * current phase allows (the phase guide: one line per phase, the current one marked) and a summary of
 * the rules in our own words (i18n-help.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { Actor, FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { HELP_SECTIONS } from '../../../i18n-help';

const PHASES = ['movement', 'combat', 'reinforcement', 'newCards'] as const;
type Phase = (typeof PHASES)[number];
/** The stages that are a phase of the acting side's own turn; every other stage is a reaction window. */
const OWN: ReadonlySet<string> = new Set(['movement', 'combat', 'reinforcement', 'discard', 'attackerCards', 'counter', 'losses']);

/** What the phase guide says now: the turn's phase, and whether a reaction window is open. */
export function phaseNow(
  G: Pick<FactionView, 'phase' | 'april9'>,
  actor: Actor | null,
): { phase: Phase; reaction: boolean; april9: boolean } {
  const phase = (PHASES as readonly string[]).includes(G.phase) ? (G.phase as Phase) : 'movement';
  return { phase, reaction: !!actor && !OWN.has(actor.stage), april9: !!G.april9 };
}

export function HelpButton({ G, actor }: { G: FactionView; actor: Actor | null }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="help-button" onClick={() => setOpen(true)} title={t('help.openTitle')} data-testid="help-button">
        {t('help.open')}
      </button>
      {open && <HelpDialog G={G} actor={actor} onClose={() => setOpen(false)} />}
    </>
  );
}

export function PhaseGuide({ G, actor }: { G: FactionView; actor: Actor | null }) {
  const { t } = useI18n();
  const now = phaseNow(G, actor);
  return (
    <section className="phase-guide" data-testid="phase-guide" aria-label={t('help.phaseGuide')}>
      <h3>{t('help.phaseGuide')}</h3>
      {!G.result && <p>{t('help.phase.current', { f: t(`faction.${G.turn}`), phase: t(`phase.${now.phase}`).toLowerCase() })}</p>}
      {now.april9 && <p data-testid="phase-april9">{t('help.phase.april9')}</p>}
      {now.reaction && <p data-testid="phase-reaction">{t('help.phase.reaction')}</p>}
      <ol>
        {PHASES.map((p) => (
          <li
            key={p}
            className={!now.april9 && p === now.phase ? 'current' : ''}
            data-phase={p}
            aria-current={!now.april9 && p === now.phase ? 'step' : undefined}
          >
            {t(`phase.${p}`)}
            <span className="phase-line">{t(`help.phase.${p}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function HelpDialog({ G, actor, onClose }: { G: FactionView; actor: Actor | null; onClose: () => void }) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className="help-dialog" onClose={onClose} data-testid="help-dialog" aria-label={t('help.title')}>
      <header className="help-head">
        <h2>{t('help.title')}</h2>
        <button type="button" className="small facts-close" onClick={() => ref.current?.close()} aria-label={t('help.close')}>
          ×
        </button>
      </header>
      <PhaseGuide G={G} actor={actor} />
      <p className="muted small">{t('help.areaHint')}</p>
      <h3>{t('help.summary')}</h3>
      {HELP_SECTIONS[lang].map((s) => (
        <section key={s.id} data-help={s.id}>
          <h4>{s.title}</h4>
          {s.body.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      <div className="row">
        <button type="button" className="primary" onClick={() => ref.current?.close()}>
          {t('help.close')}
        </button>
      </div>
    </dialog>
  );
}
