/**
 * Carrying a stack across the map: press on a stack that may move, drag it onto a lit destination and
 * let go. One gesture makes the move that otherwise takes two clicks (the stack, then where to).
 */
import { useRef, useState } from 'react';
import type { StackDragHandlers } from './mapGestures';

export interface StackDrag {
  movable: ReadonlySet<string>;
  /** The stack is picked up: its destinations light. */
  start(from: string): void;
  /** Let go over these places, topmost first (areas or zones; the receiver takes the first destination). */
  drop(from: string, under: string[]): void;
}

/** The area or sea zone a map element stands for (its shape, or the tap target over its stack). */
export function placeOf(el: Element | null): string | null {
  const at = el?.closest('[data-area],[data-hit],[data-zone]');
  return at?.getAttribute('data-area') ?? at?.getAttribute('data-hit') ?? at?.getAttribute('data-zone') ?? null;
}

/** The gesture's handlers (none when nothing may be carried), the stack carried now and where the pointer is. */
export function useStackDrag(drag: StackDrag | undefined, enabled: boolean) {
  const [carried, setCarried] = useState<{ from: string; x: number; y: number } | null>(null);
  /** Read by the automatic pan: while a stack is carried the map holds still under the pointer. */
  const carrying = useRef(false);
  const handlers: StackDragHandlers | undefined =
    drag && enabled
      ? {
          sourceAt: (target) => {
            const id = placeOf(target instanceof Element ? target : null);
            return id && drag.movable.has(id) ? id : null;
          },
          start: (from) => {
            carrying.current = true;
            drag.start(from);
          },
          over: (from, at) => setCarried({ from, ...at }),
          drop: (from, x, y) => {
            carrying.current = false;
            setCarried(null);
            // Every place under the pointer, topmost first: a neighbour's tap target may lie over the destination.
            const under = document
              .elementsFromPoint(x, y)
              .map(placeOf)
              .filter((p): p is string => !!p && p !== from);
            if (under.length > 0) drag.drop(from, [...new Set(under)]);
          },
        }
      : undefined;
  return { carried, carrying, handlers };
}
