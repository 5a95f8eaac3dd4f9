/**
 * The acting player's half-made choice (what is picked on the map, counts, cards to trade) and what the
 * map may offer next, all derived from the engine's legal moves (see game/choices.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import type { Faction, FactionView } from '@kon/game';
import { useI18n, type T } from '../../../i18n';
import {
  destinations,
  landingAreas,
  landingPartners,
  nextParam,
  placements,
  type CardArgs,
  type Choices,
  type ParamKey,
} from '../game/choices';
import { areaName } from '../game/data';
import type { StackDrag } from './mapDrag';

export type Mode =
  | { kind: 'idle' }
  | { kind: 'stack'; from: string }
  | { kind: 'card'; card: string; chosen: Partial<CardArgs> }
  | { kind: 'land'; first: string };

export type Send = (move: string, args: unknown) => void;

export interface ActionState {
  mode: Mode;
  setMode(m: Mode): void;
  count: number;
  setCount(n: number): void;
  placeCount: number;
  setPlaceCount(n: number): void;
  byAir: boolean;
  setByAir(b: boolean): void;
  tradeSel: string[];
  toggleTrade(card: string): void;
  /** For the map */
  pickable: Set<string>;
  sources: Set<string>;
  selected: string | null;
  onPick(area: string): void;
  pickHint(area: string): string | undefined;
  playCard(card: string): void;
  /** Stacks that may be dragged straight onto a destination (the map's one-gesture move). */
  drag: StackDrag;
}

const AREA_KEYS: ParamKey[] = ['from', 'via', 'to'];

export function useActionState(G: FactionView | null, choices: Choices, send: Send, stateKey: string): ActionState {
  const { t } = useI18n();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [count, setCount] = useState(1);
  const [placeCount, setPlaceCount] = useState(1);
  const [byAir, setByAir] = useState(false);
  const [tradeSel, setTradeSel] = useState<string[]>([]);

  // A new state: start the decision afresh (a half-made choice may no longer be legal).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new state only (the key is the trigger; its choices come with it)
  useEffect(() => {
    setMode({ kind: 'idle' });
    setTradeSel((sel) => sel.filter((c) => choices.trade.includes(c)));
    setByAir(false);
  }, [stateKey]);

  const place = useMemo(() => placements(choices), [choices]);
  const placeMax = useMemo(() => Math.max(0, ...[...place.values()].map((p) => (byAir ? p.maxByAir : p.max))), [place, byAir]);
  // Reinforcements: as many as may be placed is the number offered first, so that one click on an
  // area places them all (the stepper chooses fewer); each new state offers it afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state (its key) offers the most afresh even when the most is unchanged
  useEffect(() => {
    setPlaceCount(Math.max(1, placeMax));
  }, [placeMax, stateKey]);

  const sendPlace = (area: string) => {
    const e = place.get(area);
    if (!e) return;
    const max = byAir ? e.maxByAir : e.max;
    const n = Math.min(placeCount, max);
    const args = choices.place.find((p) => p.area === area && p.count === n && !!p.byAir === byAir);
    if (args) send('place', args);
  };

  const cardOptions = mode.kind === 'card' ? (choices.cards.get(mode.card) ?? []) : [];
  const step = mode.kind === 'card' ? nextParam(cardOptions, mode.chosen) : null;

  let pickable = new Set<string>();
  let sources = new Set<string>();
  let selected: string | null = null;
  let onPick: (area: string) => void = () => {};
  let pickHint: (area: string) => string | undefined = () => undefined;

  const movable = new Set(choices.moves.keys());
  if (mode.kind === 'card' && step?.kind === 'choose') {
    ({ pickable, onPick, pickHint } = cardStepPick(mode, step, G, setMode, t));
    if (mode.chosen.from) selected = mode.chosen.from;
  } else if (mode.kind === 'stack') {
    const dests = destinations(choices, mode.from);
    pickable = new Set(dests.map((d) => d.to));
    sources = movable;
    selected = mode.from;
    onPick = (area) => {
      if (pickable.has(area)) {
        const max = dests.find((d) => d.to === area)?.max ?? 1;
        send('move', { from: mode.from, to: area, count: Math.min(count, max) });
      } else if (area === mode.from) setMode({ kind: 'idle' });
      else if (movable.has(area)) selectStack(area);
    };
    pickHint = (area) => {
      if (!pickable.has(area) || !G) return undefined;
      const enemy = Object.entries(G.units[area] ?? {}).some(([f, n]) => (n ?? 0) > 0 && isEnemy(f as Faction, G.turn));
      return enemy ? t('act.attack', { n: count, to: areaName(area) }) : t('act.move', { n: count, to: areaName(area) });
    };
  } else if (mode.kind === 'land') {
    pickable = new Set(landingPartners(choices, mode.first));
    selected = mode.first;
    onPick = (area) => {
      const pair = choices.land.find(([a, b]) => (a === mode.first && b === area) || (b === mode.first && a === area));
      if (pair) send('land', { areas: pair });
      else if (area === mode.first) setMode({ kind: 'idle' });
    };
  } else {
    sources = movable;
    const land = landingAreas(choices);
    pickable = new Set(
      [...choices.combatAreas, ...choices.retreat, ...place.keys(), ...land].filter((a) => !byAir || place.get(a)?.maxByAir),
    );
    onPick = (area) => {
      if (movable.has(area)) return selectStack(area);
      if (choices.combatAreas.includes(area)) return send('chooseCombat', { area });
      if (choices.retreat.includes(area)) return send('retreat', { to: area });
      if (place.has(area)) return sendPlace(area);
      if (land.includes(area)) {
        // An area with one possible partner is the whole landing: no second click to confirm it.
        const pairs = choices.land.filter(([a, b]) => a === area || b === area);
        return pairs.length === 1 ? send('land', { areas: pairs[0] }) : setMode({ kind: 'land', first: area });
      }
    };
    pickHint = (area) => {
      if (choices.combatAreas.includes(area)) return t('act.chooseCombat');
      if (choices.retreat.includes(area)) return t('combat.retreatTo');
      if (place.has(area)) return t('act.placeIn', { n: placeCount, area: areaName(area) });
      return undefined;
    };
  }

  function selectStack(from: string) {
    const max = Math.max(...destinations(choices, from).map((d) => d.max));
    setCount(max);
    setMode({ kind: 'stack', from });
  }

  // Dragging a stack onto a destination moves all of it that may go there: the count costs no click.
  // Dragging from one coastal area onto another that it may land with makes that landing: one gesture
  // that names both areas, so that no landing goes where the player did not point.
  const drag = stackDrag(mode, choices, movable, count, send, selectStack, setMode);

  const playCard = (card: string) => {
    const options = choices.cards.get(card) ?? [];
    const s = nextParam(options, {});
    if (s.kind === 'ready') send('playCard', s.args);
    else if (s.kind === 'choose') setMode({ kind: 'card', card, chosen: {} });
  };

  return {
    mode,
    setMode,
    count,
    setCount,
    placeCount,
    setPlaceCount,
    byAir,
    setByAir,
    tradeSel,
    toggleTrade: (card) => setTradeSel((sel) => (sel.includes(card) ? sel.filter((c) => c !== card) : [...sel, card])),
    pickable,
    sources,
    selected,
    onPick,
    pickHint,
    playCard,
    drag,
  };
}

/** Stacks (and landings) that may be dragged, and what a drag does when it starts and where it is let go. */
function stackDrag(
  mode: Mode,
  choices: Choices,
  movable: Set<string>,
  count: number,
  send: Send,
  selectStack: (from: string) => void,
  setMode: (m: Mode) => void,
): StackDrag {
  const landFrom = mode.kind === 'idle' || mode.kind === 'land' ? landingAreas(choices).filter((a) => !movable.has(a)) : [];
  return {
    movable: new Set([...(mode.kind === 'idle' || mode.kind === 'stack' ? movable : []), ...landFrom]),
    start: (from) => {
      if (movable.has(from) && !(mode.kind === 'stack' && mode.from === from)) selectStack(from);
      else if (landFrom.includes(from) && !(mode.kind === 'land' && mode.first === from)) setMode({ kind: 'land', first: from });
    },
    drop: (from, under) => {
      if (!movable.has(from)) {
        const pair = under
          .map((to) => choices.land.find(([a, b]) => (a === from && b === to) || (b === from && a === to)))
          .find((x) => x !== undefined);
        if (pair) send('land', { areas: pair });
        return;
      }
      const dests = destinations(choices, from);
      const d = under.map((to) => dests.find((x) => x.to === to)).find((x) => x !== undefined);
      if (!d) return;
      const n = mode.kind === 'stack' && mode.from === from ? Math.min(count, d.max) : d.max;
      send('move', { from, to: d.to, count: n });
    },
  };
}

/** A card's next parameter picked on the map: the areas it may be, or the attack by its target. */
function cardStepPick(
  mode: Extract<Mode, { kind: 'card' }>,
  step: Extract<ReturnType<typeof nextParam>, { kind: 'choose' }>,
  G: FactionView | null,
  setMode: (m: Mode) => void,
  t: T,
): { pickable: Set<string>; onPick: (area: string) => void; pickHint: (area: string) => string | undefined } {
  let pickable = new Set<string>();
  let onPick: (area: string) => void = () => {};
  let pickHint: (area: string) => string | undefined = () => undefined;
  if (AREA_KEYS.includes(step.key)) {
    pickable = new Set(step.values as string[]);
    onPick = (area) => setMode({ ...mode, chosen: { ...mode.chosen, [step.key]: area } });
    pickHint = () => t(`act.param.${step.key}`);
  } else if (step.key === 'attack' && G) {
    const byTarget = new Map<string, string[]>();
    for (const id of step.values as string[]) {
      const a = G.attacks.find((x) => x.id === id);
      if (a) byTarget.set(a.target, [...(byTarget.get(a.target) ?? []), id]);
    }
    pickable = new Set([...byTarget].filter(([, ids]) => ids.length === 1).map(([area]) => area));
    onPick = (area) => {
      const id = byTarget.get(area)?.[0];
      if (id) setMode({ ...mode, chosen: { ...mode.chosen, attack: id } });
    };
  }
  return { pickable, onPick, pickHint };
}

function isEnemy(f: Faction, of: Faction) {
  return of === 'germany' ? f !== 'germany' : f === 'germany';
}
