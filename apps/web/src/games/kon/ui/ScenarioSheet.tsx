/** The scenario's rules sheet, one click away on the board: a button in the banner opens it. */
import { useEffect, useRef, useState } from 'react';
import { api, type ScenarioInfo } from '../../../api';
import { useI18n } from '../../../i18n';

export function ScenarioSheetButton({ id }: { id: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="scenario-sheet-button" onClick={() => setOpen(true)} data-testid="scenario-sheet-button">
        {t('scenario.sheet')}
      </button>
      {open && <ScenarioSheet id={id} onClose={() => setOpen(false)} />}
    </>
  );
}

function ScenarioSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [s, setS] = useState<ScenarioInfo | null | undefined>(undefined);
  useEffect(() => {
    api.scenarios().then(
      (l) => setS(l.find((x) => x.id === id) ?? null),
      () => setS(null),
    );
  }, [id]);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className="scenario-sheet" onClose={onClose} data-testid="scenario-sheet" aria-label={t('scenario.sheet')}>
      <h2>{s ? t('scenario.sheetTitle', { name: s.name[lang] }) : t('scenario.sheet')}</h2>
      {s === undefined && <p>{t('loading')}</p>}
      {s === null && <p className="error">{t('error.generic')}</p>}
      {s?.sheet[lang].split(/\n\s*\n/).map((para, i) => (
        <p key={i}>{para}</p>
      ))}
      <div className="row">
        <button type="button" className="primary" onClick={() => ref.current?.close()}>
          {t('scenario.close')}
        </button>
      </div>
    </dialog>
  );
}
