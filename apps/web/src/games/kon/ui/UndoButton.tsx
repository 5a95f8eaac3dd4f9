/**
 * Take back one's own last decision (the engine's undo, packages/game/src/engine/undo.ts). Shown only
 * while the server says there is something to take back (the view's canUndo); Ctrl+Z or Cmd+Z does
 * the same, except while typing.
 */
import { useEffect } from 'react';
import { useI18n } from '../../../i18n';

export function UndoButton({ onUndo, busy }: { onUndo: () => void; busy: boolean }) {
  const { t } = useI18n();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      e.preventDefault();
      if (!busy) onUndo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo, busy]);
  return (
    <button type="button" className="undo-button" onClick={onUndo} disabled={busy} title={t('undo.hint')} data-action="undo">
      ↶ {t('undo.button')}
    </button>
  );
}
