/**
 * What the acting player can do: the map interactions and the action panel, both fed only by the
 * engine's legal moves (see game/choices.ts).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Actor, Faction, FactionView } from '@kon/game';
import { useI18n } from '../i18n';
import {
  destinations,
  landingAreas,
  landingPartners,
  nextParam,
  placements,
  splitGroups,
  splitIsLegal,
  splitTotal,
  narrow,
  onlyPass,
  type CardArgs,
  type Choices,
  type ParamKey,
  type Split,
} from '../game/choices';
import { areaName, cardTitle, cardInfo } from '../game/data';
import { cards as cardsNs } from '@kon/game';
import { Stepper } from './Pieces';
import { oneOfEachKind } from '../game/handGroups';

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
  useEffect(() => {
    setMode({ kind: 'idle' });
    setTradeSel((sel) => sel.filter((c) => choices.trade.includes(c)));
    setByAir(false);
  }, [stateKey]);

  const place = useMemo(() => placements(choices), [choices]);
  const placeMax = useMemo(() => Math.max(0, ...[...place.values()].map((p) => (byAir ? p.maxByAir : p.max))), [place, byAir]);
  useEffect(() => {
    setPlaceCount((n) => Math.max(1, Math.min(n, placeMax || 1)));
  }, [placeMax]);

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
      if (land.includes(area)) return setMode({ kind: 'land', first: area });
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
  };
}

function isEnemy(f: Faction, of: Faction) {
  return of === 'germany' ? f !== 'germany' : f === 'germany';
}

// ------------------------------------------------------------------ the panel

export function ActionPanel({
  G,
  actor,
  choices,
  state,
  send,
  busy,
  children,
  hideBasic = false,
}: {
  G: FactionView;
  actor: Actor;
  choices: Choices;
  state: ActionState;
  send: Send;
  busy: boolean;
  /** The advanced game's decisions (ui/AdvancedActions.tsx), shown first. */
  children?: React.ReactNode;
  /** An advanced decision is under way: show only it. */
  hideBasic?: boolean;
}) {
  const { t } = useI18n();
  const { mode } = state;
  const stage = actor.stage;
  // Narrow screens: the panel is a sheet fixed to the bottom of the screen (styles/narrow-screens.css). It can be
  // folded down to its header and footer to free the map; a new decision unfolds it.
  const [folded, setFolded] = useState(false);
  useEffect(() => setFolded(false), [stage, mode.kind]);
  const bodyId = useId();
  const dockRef = useDockHeight();

  const passLabel =
    stage === 'attackerCards' || stage === 'defenderCards' || stage === 'navalAttackerCards' || stage === 'navalDefenderCards'
      ? t('act.continue')
      : stage === 'counter' || stage === 'navalCounter'
        ? t('act.roll')
        : t('act.pass');
  const body: React.ReactNode[] = [];
  if (children) body.push(<div key="advanced">{children}</div>);
  // What the reaction is about.
  if (stage === 'sabotage' && mode.kind === 'idle') {
    const attacks = G.attacks.filter((a) => a.faction === 'germany' && (G.units[a.target]?.norway ?? 0) > 0);
    body.push(
      <ul key="context" className="context">
        {attacks.map((a) => (
          <li key={a.id}>
            {a.from
              ? t('act.attackLabel', { n: a.count, from: areaName(a.from), to: areaName(a.target) })
              : `${a.count} → ${areaName(a.target)} (${t(`combat.route.${a.route}`)})`}
          </li>
        ))}
      </ul>,
    );
  }

  if (mode.kind === 'stack') {
    const dests = destinations(choices, mode.from);
    const max = Math.max(...dests.map((d) => d.max));
    body.push(
      <div key="stack" className="stack-choice">
        <p>{t('act.selected', { n: max, area: areaName(mode.from) })}</p>
        <div className="row">
          {t('act.howMany')} <Stepper value={state.count} min={1} max={max} onChange={state.setCount} label={t('act.howMany')} />
        </div>
        <p className="muted small">{t('act.pickDestination')}</p>
        <div className="button-grid">
          {dests.map((d) => (
            <button key={d.to} type="button" onClick={() => state.onPick(d.to)} disabled={busy} data-dest={d.to}>
              {state.pickHint(d.to) ?? areaName(d.to)}
            </button>
          ))}
        </div>
        <button type="button" className="ghost" onClick={() => state.setMode({ kind: 'idle' })}>
          {t('act.cancel')}
        </button>
      </div>,
    );
  } else if (mode.kind === 'card') {
    body.push(<CardPlay key="card" card={mode.card} choices={choices} state={state} G={G} send={send} busy={busy} />);
  } else if (mode.kind === 'land') {
    body.push(
      <div key="land">
        <p>{t('act.landSecond', { area: areaName(mode.first) })}</p>
        <div className="button-grid">
          {landingPartners(choices, mode.first).map((a) => (
            <button key={a} type="button" onClick={() => state.onPick(a)} disabled={busy}>
              {areaName(a)}
            </button>
          ))}
        </div>
        <button type="button" className="ghost" onClick={() => state.setMode({ kind: 'idle' })}>
          {t('act.cancel')}
        </button>
      </div>,
    );
  } else {
    if (choices.moves.size > 0)
      body.push(
        <p key="sel" className="hint">
          {t('act.selectStack')}
        </p>,
      );
    if (choices.combatAreas.length > 0)
      body.push(
        <AreaChoice
          key="combat"
          title={t('act.chooseCombat')}
          areas={choices.combatAreas}
          busy={busy}
          onPick={(a) => send('chooseCombat', { area: a })}
        />,
      );
    if (choices.retreat.length > 0)
      body.push(
        <AreaChoice
          key="retreat"
          title={t('combat.retreatTo')}
          areas={choices.retreat}
          busy={busy}
          onPick={(a) => send('retreat', { to: a })}
        />,
      );
    if (choices.land.length > 0)
      body.push(
        <div key="land">
          <h4>{t('act.land')}</h4>
          <p className="muted small">{t('act.landFirst')}</p>
          <div className="button-grid">
            {landingAreas(choices).map((a) => (
              <button key={a} type="button" onClick={() => state.setMode({ kind: 'land', first: a })} disabled={busy}>
                {areaName(a)}
              </button>
            ))}
          </div>
        </div>,
      );
    if (choices.trade.length > 0) body.push(<TradeBox key="trade" G={G} state={state} send={send} busy={busy} />);
    if (choices.place.length > 0) body.push(<PlaceBox key="place" G={G} choices={choices} state={state} busy={busy} />);
    if (choices.discard.length > 0)
      body.push(
        <div key="discard">
          <div className="button-grid">
            {oneOfEachKind(choices.discard).map((c) => (
              <button key={c} type="button" onClick={() => send('discard', { card: c })} disabled={busy}>
                {t('act.discard')}: {cardTitle(c)}
              </button>
            ))}
          </div>
        </div>,
      );
    if (choices.losses.length > 0)
      body.push(
        <Distribution
          key="losses"
          options={choices.losses}
          label={(k) => groupLabel(G, k, t)}
          onConfirm={(s) => send('chooseLosses', { losses: fullSplit(choices.losses, s) })}
          busy={busy}
        />,
      );
    if (choices.withdraw.length > 0)
      body.push(
        <Distribution
          key="withdraw"
          options={choices.withdraw}
          label={(k) => areaName(k)}
          onConfirm={(s) =>
            send('withdraw', {
              removals: Object.entries(s)
                .filter(([, n]) => n > 0)
                .map(([area, n]) => ({ area, count: n })),
            })
          }
          busy={busy}
        />,
      );
    if (choices.answer && G.combat?.proposal)
      body.push(
        <div key="answer">
          <ul>
            {Object.entries(G.combat.proposal).map(([k, n]) => (
              <li key={k}>
                {groupLabel(G, k, t)}: {n}
              </li>
            ))}
          </ul>
          <div className="row">
            <button type="button" className="primary" onClick={() => send('answerLosses', { accept: true })} disabled={busy}>
              {t('act.accept')}
            </button>
            <button type="button" onClick={() => send('answerLosses', { accept: false })} disabled={busy}>
              {t('act.refuse')}
            </button>
          </div>
        </div>,
      );
    // Copies of a card play alike: one button per kind, not per copy.
    const playable = oneOfEachKind(choices.cards.keys());
    if (playable.length > 0 && stage !== 'movement' && stage !== 'reinforcement')
      body.push(
        <div key="cards" className="quick-cards">
          <div className="button-grid">
            {playable.map((c) => (
              <button key={c} type="button" className="card-button" onClick={() => state.playCard(c)} disabled={busy} data-play={c}>
                {t('act.play')}: <strong>{cardTitle(c)}</strong>
              </button>
            ))}
          </div>
        </div>,
      );
  }

  // The window opens whether or not the hand holds an answer (opening it only then would tell the
  // others what the hand holds): say so to the one who holds it, so an empty panel is not a puzzle.
  if (onlyPass(choices) && mode.kind === 'idle' && !children)
    body.push(
      <p key="nothing" className="muted" data-testid="nothing-answers">
        {t('act.nothingAnswers')}
      </p>,
    );

  if (hideBasic) body.splice(1);
  const footer: React.ReactNode[] = [];
  if (choices.pass && mode.kind === 'idle' && !hideBasic)
    footer.push(
      <button key="pass" type="button" className="primary" onClick={() => send('pass', {})} disabled={busy} data-action="pass">
        {passLabel}
      </button>,
    );
  if (choices.endPhase && mode.kind === 'idle' && !hideBasic)
    footer.push(
      <button key="end" type="button" className="primary" onClick={() => send('endPhase', {})} disabled={busy} data-action="endPhase">
        {G.april9 ? t('adv.done') : t('act.endPhase', { phase: t(`phase.${G.phase === 'newCards' ? 'reinforcement' : G.phase}`) })}
      </button>,
    );

  return (
    <section
      ref={dockRef}
      className={`panel action-panel ${folded ? 'folded' : ''}`}
      aria-label={t('tabs.action')}
      data-testid="action-panel"
      data-stage={stage}
      data-busy={busy ? 'true' : 'false'}
    >
      <div className="dock-head">
        <span className="dock-title">{t('tabs.action')}</span>
        <button
          type="button"
          className="small dock-toggle"
          aria-expanded={!folded}
          aria-controls={bodyId}
          onClick={() => setFolded(!folded)}
          data-action="fold"
        >
          {folded ? `${t('dock.show')} ▴` : `${t('dock.hide')} ▾`}
        </button>
      </div>
      <div className="action-body" id={bodyId}>
        {body}
      </div>
      {footer.length > 0 && <div className="action-footer">{footer}</div>}
    </section>
  );
}

/**
 * Publish the panel's height as `--dock-h` on the page, so the content below the map can scroll clear
 * of the bottom sheet on narrow screens (where the panel is `position: fixed`).
 */
function useDockHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const fixed = getComputedStyle(el).position === 'fixed';
      root.style.setProperty('--dock-h', fixed ? `${Math.ceil(el.getBoundingClientRect().height)}px` : '0px');
    };
    const ro = new ResizeObserver(update);
    ro.observe(el);
    window.addEventListener('resize', update);
    update();
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('--dock-h');
    };
  }, []);
  return ref;
}

function groupLabel(G: FactionView, key: string, t: (k: string, p?: Record<string, string | number>) => string) {
  if (key === 'germany' || key === 'norway' || key === 'allies') return t(`faction.${key}`);
  const a = G.attacks.find((x) => x.id === key);
  if (a) return a.from ? t('combat.from', { area: areaName(a.from) }) : t(`combat.route.${a.route}`);
  return key;
}

/** The chosen split with every group listed (zeros included) in the shape of a legal option. */
function fullSplit(options: readonly Split[], chosen: Split): Split {
  const legal = options.find((o) => splitIsLegal([o], chosen));
  return legal ?? chosen;
}

function Distribution({
  options,
  label,
  onConfirm,
  busy,
}: {
  options: Split[];
  label: (k: string) => string;
  onConfirm: (s: Split) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  const groups = splitGroups(options);
  const total = splitTotal(options);
  const [split, setSplit] = useState<Split>(() => ({ ...(options[0] ?? {}) }));
  const used = Object.values(split).reduce((a, b) => a + b, 0);
  const legal = splitIsLegal(options, split);
  return (
    <div className="distribution">
      <p>{t('do.losses')}</p>
      {groups.map((g) => (
        <div key={g.key} className="row">
          <span className="grow">{label(g.key)}</span>
          <Stepper
            value={split[g.key] ?? 0}
            min={0}
            max={g.max}
            onChange={(n) => setSplit({ ...split, [g.key]: n })}
            label={label(g.key)}
          />
        </div>
      ))}
      <p className="muted small">{t('act.lossesLeft', { n: total - used })}</p>
      <button type="button" className="primary" disabled={!legal || busy} onClick={() => onConfirm(split)}>
        {t('act.confirm')}
      </button>
    </div>
  );
}

function TradeBox({ G, state, send, busy }: { G: FactionView; state: ActionState; send: Send; busy: boolean }) {
  const { t } = useI18n();
  const symbols = state.tradeSel.reduce((s, c) => s + cardsNs.symbolsOf(c), 0);
  const r = G.reinforcements;
  const free = G.phase === 'reinforcement' ? r.free : 0;
  const available = free + Math.floor(r.symbols / 3) - r.placed;
  return (
    <div className="trade-box">
      <p className="small">{t('act.available', { n: available, s: r.symbols })}</p>
      <p className="muted small">{t('act.tradeHint')}</p>
      {state.tradeSel.length > 0 && (
        <p>{t('act.selectedSymbols', { s: symbols, n: Math.floor((r.symbols + symbols) / 3) - Math.floor(r.symbols / 3) })}</p>
      )}
      <button
        type="button"
        disabled={state.tradeSel.length === 0 || busy}
        onClick={() => send('trade', { cards: state.tradeSel })}
        data-action="trade"
      >
        {t('act.trade')}
      </button>
    </div>
  );
}

function PlaceBox({ G, choices, state, busy }: { G: FactionView; choices: Choices; state: ActionState; busy: boolean }) {
  const { t } = useI18n();
  const place = placements(choices);
  const anyAir = [...place.values()].some((p) => p.maxByAir > 0);
  const areas = [...place.entries()].filter(([, p]) => (state.byAir ? p.maxByAir : p.max) > 0).map(([a]) => a);
  const max = Math.max(1, ...[...place.values()].map((p) => (state.byAir ? p.maxByAir : p.max)));
  void G;
  return (
    <div className="place-box">
      <h4>{t('act.place', { n: max })}</h4>
      {max > 1 && (
        <div className="row">
          {t('act.howMany')} <Stepper value={state.placeCount} min={1} max={max} onChange={state.setPlaceCount} label={t('act.howMany')} />
        </div>
      )}
      {anyAir && (
        <label className="row">
          <input type="checkbox" checked={state.byAir} onChange={(e) => state.setByAir(e.target.checked)} /> {t('act.byAir')}
        </label>
      )}
      <p className="muted small">{t('act.pickDestination')}</p>
      <div className="button-grid">
        {areas.map((a) => (
          <button key={a} type="button" onClick={() => state.onPick(a)} disabled={busy} data-place={a}>
            {areaName(a)}
          </button>
        ))}
      </div>
    </div>
  );
}

function CardPlay({
  card,
  choices,
  state,
  G,
  send,
  busy,
}: {
  card: string;
  choices: Choices;
  state: ActionState;
  G: FactionView;
  send: Send;
  busy: boolean;
}) {
  const { t, lang } = useI18n();
  const mode = state.mode as Extract<Mode, { kind: 'card' }>;
  const options = choices.cards.get(card) ?? [];
  const step = nextParam(options, mode.chosen);
  const info = cardInfo(card, lang);
  const choose = (key: ParamKey, v: string | number) => state.setMode({ ...mode, chosen: { ...mode.chosen, [key]: v } });
  const valueLabel = (key: ParamKey, v: string | number): string => {
    if (key === 'effect') return info.effects[Number(v)]?.text ?? String(v);
    if (key === 'target') return cardTitle(String(v));
    if (key === 'attack') {
      const a = G.attacks.find((x) => x.id === v);
      return a ? t('act.attackLabel', { n: a.count, from: areaName(a.from), to: areaName(a.target) }) : String(v);
    }
    if (key === 'count') return String(v);
    return areaName(String(v));
  };
  const chosenList = Object.entries(mode.chosen).filter(([k]) => k !== 'card');
  void narrow;
  return (
    <div className="card-play">
      <h4>
        {info.title} <span className="muted">· {info.titleEn}</span>
      </h4>
      {chosenList.length > 0 && (
        <ul className="chosen">
          {chosenList.map(([k, v]) => (
            <li key={k}>
              {t(k === 'effect' ? 'act.effect' : `act.param.${k}`)} <strong>{valueLabel(k as ParamKey, v as string | number)}</strong>
            </li>
          ))}
        </ul>
      )}
      {step.kind === 'choose' && (
        <>
          <p>{t(step.key === 'effect' ? 'act.effect' : `act.param.${step.key}`)}</p>
          <div className="button-grid">
            {step.values.map((v) => (
              <button key={String(v)} type="button" onClick={() => choose(step.key, v)} disabled={busy}>
                {valueLabel(step.key, v)}
              </button>
            ))}
          </div>
        </>
      )}
      <div className="row">
        {step.kind === 'ready' && (
          <button type="button" className="primary" onClick={() => send('playCard', step.args)} disabled={busy} data-action="confirm-card">
            {t('act.play')}
          </button>
        )}
        <button type="button" className="ghost" onClick={() => state.setMode({ kind: 'idle' })}>
          {t('act.cancel')}
        </button>
      </div>
    </div>
  );
}

/** A titled row of buttons, one per area: the answer to "which area?". */
function AreaChoice(props: { title: string; areas: readonly string[]; busy: boolean; onPick: (area: string) => void }) {
  return (
    <div>
      <h4>{props.title}</h4>
      <div className="button-grid">
        {props.areas.map((a) => (
          <button key={a} type="button" onClick={() => props.onPick(a)} disabled={props.busy}>
            {areaName(a)}
          </button>
        ))}
      </div>
    </div>
  );
}
