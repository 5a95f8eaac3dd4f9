/**
 * What the acting player can do: the action panel, fed only by the engine's legal moves (see
 * game/choices.ts). Its state, shared with the map, is in action-state.ts; its small boxes in ActionBoxes.tsx.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Actor, FactionView } from '@kon/game';
import { useI18n, type Lang } from '../../../i18n';
import { destinations, landingAreas, landingPartners, onlyPass, type Choices } from '../game/choices';
import { cardName } from '../game/cardNames';
import { areaName } from '../game/data';
import { Stepper } from './Pieces';
import { DOCK_EVENT } from './mapOpening';
import { oneOfEachKind } from '../game/handGroups';
import { AreaChoice, CardPlay, Distribution, fullSplit, groupLabel, PlaceBox, TradeBox } from './ActionBoxes';
import type { ActionState, Send } from './action-state';

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
  const { t, lang } = useI18n();
  const { mode } = state;
  const stage = actor.stage;
  // Narrow screens: the panel is a sheet fixed to the bottom of the screen (styles/narrow-screens.css). It can be
  // folded down to its header and footer to free the map; a new decision unfolds it.
  const [folded, setFolded] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stage or kind of decision is the trigger that unfolds the sheet
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

  const p: BodyProps = { G, choices, state, send, busy, stage, t, lang };
  if (mode.kind === 'stack') body.push(...stackChoice(mode.from, p));
  else if (mode.kind === 'card')
    body.push(<CardPlay key="card" card={mode.card} choices={choices} state={state} G={G} send={send} busy={busy} />);
  else if (mode.kind === 'land') body.push(...landPartnerChoice(mode.first, p));
  else body.push(...idleChoices(p), ...lossAndCardChoices(p));

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
      <button
        key="pass"
        type="button"
        className="primary"
        onClick={() => send('pass', {})}
        disabled={busy}
        data-action="pass"
        data-lesson-target="button:pass"
      >
        {passLabel}
      </button>,
    );
  if (choices.endPhase && mode.kind === 'idle' && !hideBasic)
    footer.push(
      <button
        key="end"
        type="button"
        className="primary"
        onClick={() => send('endPhase', {})}
        disabled={busy}
        data-action="endPhase"
        data-lesson-target="button:end-phase"
      >
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

type T = ReturnType<typeof useI18n>['t'];
/** What the panel's parts read to draw a decision. */
interface BodyProps {
  G: FactionView;
  choices: Choices;
  state: ActionState;
  send: Send;
  busy: boolean;
  stage: Actor['stage'];
  t: T;
  lang: Lang;
}

/** A stack picked on the map: how many go, and where. */
function stackChoice(from: string, { choices, state, busy, t }: BodyProps): React.ReactNode[] {
  const body: React.ReactNode[] = [];
  const dests = destinations(choices, from);
  const max = Math.max(...dests.map((d) => d.max));
  body.push(
    <div key="stack" className="stack-choice">
      <p>{t('act.selected', { n: max, area: areaName(from) })}</p>
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
  return body;
}

/** A landing begun in one area: the second area to land in with it. */
function landPartnerChoice(first: string, { choices, state, busy, t }: BodyProps): React.ReactNode[] {
  const body: React.ReactNode[] = [];
  body.push(
    <div key="land">
      <p>{t('act.landSecond', { area: areaName(first) })}</p>
      <div className="button-grid">
        {landingPartners(choices, first).map((a) => (
          <button key={a} type="button" onClick={() => state.onPick(a)} disabled={busy} data-land-with={a}>
            {areaName(a)}
          </button>
        ))}
      </div>
      <button type="button" className="ghost" onClick={() => state.setMode({ kind: 'idle' })}>
        {t('act.cancel')}
      </button>
    </div>,
  );
  return body;
}

/** Nothing under way: the moves, combats, retreats, landings, trades, placements and discards offered. */
function idleChoices({ G, choices, state, send, busy, t, lang }: BodyProps): React.ReactNode[] {
  const body: React.ReactNode[] = [];
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
            <button key={a} type="button" onClick={() => state.setMode({ kind: 'land', first: a })} disabled={busy} data-land={a}>
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
              {t('act.discard')}: {cardName(c, lang)}
            </button>
          ))}
        </div>
      </div>,
    );
  return body;
}

/** Losses and withdrawals to share out, a proposal to answer, and the cards that may be played now. */
function lossAndCardChoices({ G, choices, state, send, busy, stage, t, lang }: BodyProps): React.ReactNode[] {
  const body: React.ReactNode[] = [];
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
            <button
              key={c}
              type="button"
              className="card-button"
              onClick={() => state.playCard(c)}
              disabled={busy}
              data-play={c}
              data-lesson-target={`card:${c}`}
            >
              {t('act.play')}: <strong>{cardName(c, lang)}</strong>
            </button>
          ))}
        </div>
      </div>,
    );
  return body;
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
      const h = fixed ? `${Math.ceil(el.getBoundingClientRect().height)}px` : '0px';
      if (root.style.getPropertyValue('--dock-h') === h) return;
      root.style.setProperty('--dock-h', h);
      // The map fits an untouched opening view to the part the sheet leaves free (ui/mapOpening.ts).
      window.dispatchEvent(new Event(DOCK_EVENT));
    };
    const ro = new ResizeObserver(update);
    ro.observe(el);
    window.addEventListener('resize', update);
    update();
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('--dock-h');
      window.dispatchEvent(new Event(DOCK_EVENT));
    };
  }, []);
  return ref;
}
