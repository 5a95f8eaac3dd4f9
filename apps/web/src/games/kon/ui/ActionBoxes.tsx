/**
 * The small boxes of the action panel: a distribution of losses or kills, the card trade, placing
 * reinforcements, playing a card step by step, and a choice between areas.
 */
import { useState } from 'react';
import type { FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import {
  nextParam,
  placements,
  splitGroups,
  splitIsLegal,
  splitTotal,
  narrow,
  type Choices,
  type ParamKey,
  type Split,
} from '../game/choices';
import { cardName } from '../game/cardNames';
import { areaName, cardInfo } from '../game/data';
import { cards as cardsNs } from '@kon/game';
import { Stepper } from './Pieces';
import type { ActionState, Mode, Send } from './action-state';

export function groupLabel(G: FactionView, key: string, t: (k: string, p?: Record<string, string | number>) => string) {
  if (key === 'germany' || key === 'norway' || key === 'allies') return t(`faction.${key}`);
  const a = G.attacks.find((x) => x.id === key);
  if (a) return a.from ? t('combat.from', { area: areaName(a.from) }) : t(`combat.route.${a.route}`);
  return key;
}

/** The chosen split with every group listed (zeros included) in the shape of a legal option. */
export function fullSplit(options: readonly Split[], chosen: Split): Split {
  const legal = options.find((o) => splitIsLegal([o], chosen));
  return legal ?? chosen;
}

export function Distribution({
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

export function TradeBox({ G, state, send, busy }: { G: FactionView; state: ActionState; send: Send; busy: boolean }) {
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

export function PlaceBox({ G, choices, state, busy }: { G: FactionView; choices: Choices; state: ActionState; busy: boolean }) {
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

export function CardPlay({
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
    if (key === 'target') return cardName(String(v), lang);
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
export function AreaChoice(props: { title: string; areas: readonly string[]; busy: boolean; onPick: (area: string) => void }) {
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
