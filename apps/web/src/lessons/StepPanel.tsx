/**
 * A lesson's step panel: the step's words in the reader's language, where the learner is, and what
 * a wrong action is told. It lights the step's targets (elements with a matching
 * `data-lesson-target`, which the game's board puts on areas, cards and buttons) and places itself
 * where it covers none of them (placement.ts), on a phone as on a laptop.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { LessonStep } from '@kon/platform/lessons';
import { useI18n } from '../i18n';
import { placePanel, type Rect } from './placement';
import './lessons.css';

export interface StepPanelProps {
  step: LessonStep;
  /** 0-based index of the step and the number of steps with words. */
  index: number;
  of: number;
  /** The last action was not the step's: show its explanation. */
  wrong: boolean;
  /** A move was tried while the script waits for a computer's move. */
  wait?: boolean;
  /** Where to look for the targets (the match page). */
  root?: ParentNode;
}

const LIT = 'lesson-lit';

/** Attributes the boards carry beside data-lesson-target, read as a target's name too (a board not yet marked). */
const EXISTING: Record<string, string> = { area: 'data-area', zone: 'data-zone', square: 'data-square', slot: 'data-slot' };
const quoted = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;

/** The selector of a target: its data-lesson-target, or the attribute a board already has for it (area:oslo → [data-area="oslo"]). */
export function targetSelector(target: string): string {
  const [kind, ...rest] = target.split(':');
  const attr = EXISTING[kind ?? ''];
  const own = `[data-lesson-target=${quoted(target)}]`;
  return attr && rest.length ? `${own}, [${attr}=${quoted(rest.join(':'))}]` : own;
}

/** The elements a step lights. */
export function targetsOf(step: LessonStep, root: ParentNode = document): Element[] {
  return (step.light ?? []).flatMap((t) => [...root.querySelectorAll(targetSelector(t))]);
}

/**
 * The part of a target the page shows: a map shape is cut by its map's box (a sea zone drawn round
 * the whole board reaches far beyond a zoomed-in view).
 */
function shownRect(el: Element): DOMRect {
  const r = el.getBoundingClientRect();
  const svg = el.closest('svg');
  if (!svg || svg === el) return r;
  const b = svg.getBoundingClientRect();
  const x = Math.max(r.x, b.x);
  const y = Math.max(r.y, b.y);
  return new DOMRect(x, y, Math.max(0, Math.min(r.right, b.right) - x), Math.max(0, Math.min(r.bottom, b.bottom) - y));
}
const onScreen = (r: Rect) => r.x + r.width > 0 && r.y + r.height > 0 && r.x < window.innerWidth && r.y < window.innerHeight;
const scrollBehaviour = (): ScrollBehavior => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

export function StepPanel({ step, index, of, wrong, wait, root }: StepPanelProps) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    // The board draws its pieces as the state arrives (a card in hand, a button of the phase): the
    // targets are looked for again whenever the page's elements change, and the panel placed anew.
    let targets: Element[] = [];
    let frame = 0;
    const place = () => {
      frame = 0;
      const now = targetsOf(step, root);
      for (const el of targets) if (!now.includes(el)) el.classList.remove(LIT);
      for (const el of now) el.classList.add(LIT);
      targets = now;
      // Only what is on the screen counts: a target scrolled away is covered by nothing.
      const rects: Rect[] = targets.map(shownRect).filter((r) => r.width > 0 && r.height > 0);
      if (scrolledFor.current !== step.id && targets.length > 0) {
        // A new step whose targets are all scrolled away (a phone left on the hand, the step on the
        // map): its first target is brought into view, once, so that the learner is not fought.
        scrolledFor.current = step.id;
        if (!rects.some(onScreen)) targets[0]?.scrollIntoView?.({ block: 'center', inline: 'nearest', behavior: scrollBehaviour() });
      }
      const box = ref.current?.getBoundingClientRect();
      const next = placePanel(
        rects,
        { width: window.innerWidth, height: window.innerHeight },
        { width: box?.width ?? 320, height: box?.height ?? 140 },
      );
      setAt((old) => (old && old.x === next.x && old.y === next.y ? old : next));
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const watch = new MutationObserver(later);
    watch.observe(root instanceof Node ? root : document.body, { childList: true, subtree: true });
    // The page's layout moving with no element added (a font arriving, a panel growing) moves the targets too.
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    sizes?.observe(document.body);
    window.addEventListener('resize', later);
    window.addEventListener('scroll', later, true);
    return () => {
      watch.disconnect();
      sizes?.disconnect();
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('resize', later);
      window.removeEventListener('scroll', later, true);
      for (const el of targets) el.classList.remove(LIT);
    };
  }, [step, root]);
  const words = step.say?.[lang];
  return (
    <section
      ref={ref}
      className="lesson-panel"
      data-testid="lesson-panel"
      data-step={step.id}
      aria-label={t('lesson.panel')}
      aria-live="polite"
      style={
        at
          ? { position: 'fixed', left: at.x, top: at.y, maxWidth: 'min(22rem, calc(100vw - 16px))' }
          : { position: 'fixed', visibility: 'hidden' }
      }
    >
      <p className="lesson-progress">{t('lesson.step', { n: index + 1, of })}</p>
      {words && <p className="lesson-words">{words}</p>}
      {wrong && step.wrong && (
        <p className="lesson-wrong" role="alert" data-testid="lesson-wrong">
          <strong>{t('lesson.wrong')}</strong> {step.wrong[lang]}
        </p>
      )}
      {wait && (
        <p className="lesson-wrong" role="alert" data-testid="lesson-wait">
          {t('lesson.wait')}
        </p>
      )}
    </section>
  );
}
