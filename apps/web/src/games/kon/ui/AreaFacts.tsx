/**
 * Rules help in place: hovering an area with a mouse, or pressing and holding it on a touch screen,
 * shows its facts (game/areaFacts.ts) in a small card over the map.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { areaFacts } from '../game/areaFacts';

/** How long a finger must rest on an area before its facts open (shorter taps pick, as before). */
export const LONG_PRESS_MS = 480;
/** A mouse resting this long on an area opens its facts (moving across the map shows nothing). */
const HOVER_MS = 220;

interface Shown {
  id: string;
  /** Where to put the card, relative to the board's box. */
  x: number;
  y: number;
  /** Opened by a long press: stays until closed, and can be tapped. */
  pinned: boolean;
}

export interface AreaFactsControl {
  /** Handlers for one area's or sea zone's shape. */
  bind(id: string): {
    onPointerEnter(e: ReactPointerEvent<Element>): void;
    onPointerMove(e: ReactPointerEvent<Element>): void;
    onPointerLeave(e: ReactPointerEvent<Element>): void;
    onPointerDown(e: ReactPointerEvent<Element>): void;
    onFocus(e: React.FocusEvent<Element>): void;
    onBlur(): void;
  };
  /** The finger moved or lifted: no long press. */
  cancelPress(): void;
  /** True once after a long press opened the facts: the click that follows must not pick. */
  consumeLongPress(): boolean;
  /** Close the facts (a drag or a pick began). */
  hide(): void;
  card: React.ReactNode;
}

/** A phone-sized or touch screen: facts open on a long press only, never on hover or a plain tap. */
function touchLayout(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(max-width: 700px), (pointer: coarse)').matches
  );
}

export function useAreaFacts(
  boxRef: React.RefObject<HTMLElement | null>,
  G: FactionView | null,
  hint?: (id: string) => string | undefined,
): AreaFactsControl {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  /** When a tap closed a long-press card: that tap does nothing else. */
  const dismissedAt = useRef(-Infinity);
  // Reads only a ref: the same function for the hook's whole life.
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  // On a phone a card opened by a long press goes with the next tap, wherever it lands.
  const pinned = shown?.pinned ?? false;
  useEffect(() => {
    if (!pinned) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Element && e.target.closest('.area-facts')) return;
      dismissedAt.current = performance.now();
      clear();
      setShown(null);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [pinned, clear]);
  useEffect(() => clear, [clear]);

  const at = useCallback(
    (e: { clientX: number; clientY: number }) => {
      const r = boxRef.current?.getBoundingClientRect();
      return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
    },
    [boxRef],
  );

  const bind = useCallback(
    (id: string) => ({
      onPointerEnter(e: ReactPointerEvent<Element>) {
        // A phone shows facts on a long press only: a tap (even one the browser reports as a mouse) does not.
        if (e.pointerType !== 'mouse' || e.buttons !== 0 || touchLayout()) return;
        clear();
        const p = at(e);
        timer.current = setTimeout(() => setShown((s) => (s?.pinned ? s : { id, ...p, pinned: false })), HOVER_MS);
      },
      onPointerMove(e: ReactPointerEvent<Element>) {
        if (e.pointerType !== 'mouse') return;
        const p = at(e);
        setShown((s) => (s && !s.pinned && s.id === id ? { ...s, ...p } : s));
      },
      onPointerLeave(e: ReactPointerEvent<Element>) {
        if (e.pointerType !== 'mouse') return;
        clear();
        setShown((s) => (s && !s.pinned && s.id === id ? null : s));
      },
      onPointerDown(e: ReactPointerEvent<Element>) {
        longPressed.current = false;
        if (performance.now() - dismissedAt.current < 50) return;
        if (e.pointerType === 'mouse' && !touchLayout()) {
          clear();
          setShown((s) => (s?.pinned ? s : null));
          return;
        }
        clear();
        const p = at(e);
        timer.current = setTimeout(() => {
          longPressed.current = true;
          setShown({ id, ...p, pinned: true });
        }, LONG_PRESS_MS);
      },
      // Keyboard users reach the areas they can pick with Tab: the facts follow the focus.
      onFocus(e: React.FocusEvent<Element>) {
        // Only a keyboard focus: a click or a tap focuses the shape too, and must not open a card.
        let keyboard = false;
        try {
          keyboard = e.currentTarget.matches(':focus-visible');
        } catch {
          keyboard = false;
        }
        if (!keyboard) return;
        const r = e.currentTarget.getBoundingClientRect();
        const p = at({ clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
        setShown((s) => (s?.pinned ? s : { id, ...p, pinned: false }));
      },
      onBlur() {
        setShown((s) => (s && !s.pinned && s.id === id ? null : s));
      },
    }),
    [at, clear],
  );

  const facts = useFactsCard(shown, G, hint, () => setShown(null), boxRef);
  return {
    bind,
    cancelPress: clear,
    consumeLongPress() {
      // A long press, or the tap that closed its card (the click follows within a moment).
      const was = longPressed.current || performance.now() - dismissedAt.current < 1000;
      longPressed.current = false;
      dismissedAt.current = -Infinity;
      return was;
    },
    hide: () => {
      clear();
      setShown(null);
    },
    card: facts,
  };
}

function useFactsCard(
  shown: Shown | null,
  G: FactionView | null,
  hint: ((id: string) => string | undefined) | undefined,
  close: () => void,
  boxRef: React.RefObject<HTMLElement | null>,
) {
  const { t } = useI18n();
  // Keyed on the area, not the pointer's place: moving over the same area keeps the facts.
  const shownId = shown?.id;
  const facts = useMemo(() => (shownId !== undefined ? areaFacts(shownId, t, G) : null), [shownId, t, G]);
  if (!shown || !facts) return null;
  const box = boxRef.current?.getBoundingClientRect();
  const w = box?.width ?? 800;
  const h = box?.height ?? 600;
  // Beside the pointer, turned to whichever side has room; a pinned card sits at the top of the map.
  const style: React.CSSProperties = shown.pinned
    ? { left: 8, right: 8, top: 8 }
    : {
        ...(shown.x > w / 2 ? { right: w - shown.x + 14 } : { left: shown.x + 14 }),
        ...(shown.y > h / 2 ? { bottom: h - shown.y + 14 } : { top: shown.y + 14 }),
      };
  const extra = hint?.(shown.id);
  return (
    <div
      className={`area-facts ${shown.pinned ? 'pinned' : ''}`}
      style={style}
      role="dialog"
      aria-label={t('facts.title')}
      data-testid="area-facts"
      data-facts={facts.id}
    >
      <header>
        <strong className="facts-title">{facts.title}</strong>
        {facts.subtitle && <span className="facts-subtitle">{facts.subtitle}</span>}
        {shown.pinned && (
          <button type="button" className="small facts-close" onClick={close} aria-label={t('facts.close')}>
            ×
          </button>
        )}
      </header>
      {extra && <p className="facts-hint">{extra}</p>}
      <ul>
        {facts.lines.map((l) => (
          <li key={l.key} data-fact={l.key}>
            {l.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
