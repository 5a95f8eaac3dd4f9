/**
 * The advanced game's decisions in the action panel and on the map: choosing 9. April cards,
 * Norway's opening, placing ships, the 9. April windows, landings, mobilisation, raiding, naval
 * movement, interception and combat. Every option comes from the engine's legal moves
 * (game/advancedChoices.ts); a decision with several parameters is made one parameter at a time.
 * Its state is in advanced-state.ts, the 9. April card components in April9Cards.tsx.
 */
import type { Actor, FactionView } from '@kon/game';
import { useI18n, type Lang, type T } from '../../../i18n';
import { keyOf, matchSet, members, nextStep, type AdvancedChoices } from '../game/advancedChoices';
import { cardName } from '../game/cardNames';
import { areaName, cardInfo } from '../game/data';
import { oneOfEachKind } from '../game/handGroups';
import { shipName } from '../game/ships';
import { ShipChip } from './Fleet';
import { TaskForces } from './TaskForces';
import { ShipGroups } from './ShipGroups';
import { DIRECT, MAP_KEYS, ORDER, placeLabel, type AdvancedState, type AdvMode, type Send } from './advanced-state';
import { April9CardFace, April9Hand, CardChoice, SetChoice, TradeApril9 } from './April9Cards';

/** A value of a parameter in words. */
function valueLabel(t: T, lang: Lang, key: string, v: unknown): string {
  if (MAP_KEYS.has(key)) return placeLabel(t, v);
  if (key === 'ship' || key === 'other') return shipName(String(v)) ?? t('fleet.hiddenShip');
  if (key === 'ships') {
    const ids = v as string[];
    return ids.length === 0 ? t('adv.noShips') : ids.map((id) => shipName(id) ?? t('fleet.hiddenShip')).join(', ');
  }
  if (key === 'card' || key === 'target') return cardName(String(v), lang);
  if (key === 'effect' && typeof v === 'number') return '';
  return String(v);
}

export function AdvancedActions({
  G,
  actor,
  adv,
  state,
  send,
  busy,
}: {
  G: FactionView;
  actor: Actor;
  adv: AdvancedChoices;
  state: AdvancedState;
  send: Send;
  busy: boolean;
}) {
  const { t, lang } = useI18n();
  const { mode } = state;
  const f = actor.faction;

  if (mode.kind === 'move') return <Stepper G={G} adv={adv} state={state} busy={busy} />;

  const body: React.ReactNode[] = [];
  const trigger = triggerLine(G, t);
  if (trigger)
    body.push(
      <p key="trigger" className="trigger" data-testid="trigger">
        {trigger}
      </p>,
    );

  const p: BodyProps = { G, adv, state, send, busy, t, lang, f };
  body.push(...april9Choices(p), ...fleetChoices(p), ...navalCombatChoices(p));

  if (G.april9 && G.viewer && (G.april9.hands[G.viewer]?.length ?? 0) > 0 && !adv.has('chooseApril9'))
    body.push(
      <April9Hand
        key="hand"
        cards={G.april9.hands[G.viewer]!}
        playable={new Set((adv.get('playApril9') ?? []).map((o) => String(o.card)))}
      />,
    );
  return <div className="advanced-actions">{body}</div>;
}

/** What the panel's parts read to draw a decision. */
interface BodyProps {
  G: FactionView;
  adv: AdvancedChoices;
  state: AdvancedState;
  send: Send;
  busy: boolean;
  t: T;
  lang: Lang;
  f: Actor['faction'];
}

/** The 9. April cards, deployments and ships to place, raiding and landing. */
function april9Choices({ G, adv, state, send, busy, t, lang, f }: BodyProps): React.ReactNode[] {
  const body: React.ReactNode[] = [];
  if (adv.has('chooseApril9'))
    body.push(
      <CardChoice
        key={`choose-${f}`}
        G={G}
        faction={f}
        options={adv.get('chooseApril9')!}
        onConfirm={(cards) => send('chooseApril9', { cards })}
        busy={busy}
      />,
    );

  for (const move of DIRECT)
    if (adv.has(move)) {
      const key = ORDER[move]![0]!;
      body.push(
        <div key={move}>
          <p className="muted small">{t('adv.deployHint')}</p>
          <div className="button-grid">
            {adv.get(move)!.map((o) => (
              <button
                key={keyOf(o)}
                type="button"
                onClick={() => send(move, o)}
                disabled={busy}
                data-adv={move}
                data-value={String(o[key])}
              >
                {placeLabel(t, o[key])}
              </button>
            ))}
          </div>
        </div>,
      );
    }

  if (state.ships) body.push(<ShipGroups key="placeShips" state={state} busy={busy} />);

  if (adv.has('playApril9')) {
    const byCard = oneOfEachKind(adv.get('playApril9')!.map((o) => String(o.card)));
    body.push(
      <div key="playApril9" className="quick-cards">
        <div className="button-grid">
          {byCard.map((c) => (
            <button
              key={c}
              type="button"
              className="card-button"
              onClick={() => state.start('playApril9', { card: c })}
              disabled={busy}
              data-play-a9={c}
            >
              {t('adv.play', { card: '' })}
              <strong>{cardName(c, lang)}</strong>
            </button>
          ))}
        </div>
      </div>,
    );
  }

  if (adv.has('raid'))
    body.push(
      <div key="raid" className="button-grid">
        {adv.get('raid')!.map((o) => (
          <button
            key={String(o.ship)}
            type="button"
            onClick={() => send('raid', o)}
            disabled={busy}
            data-adv="raid"
            data-lesson-target={`ship:${String(o.ship)}`}
          >
            {t('adv.raid', { ship: shipName(String(o.ship)) ?? '?' })}
          </button>
        ))}
      </div>,
    );

  if (adv.has('landShips'))
    body.push(
      <div key="land">
        <h4>{t('adv.land')}</h4>
        <button type="button" onClick={() => state.start('landShips')} disabled={busy} data-adv="landShips">
          {t('adv.landStart')}
        </button>
        <p className="muted small">{t('adv.landCoast')}</p>
      </div>,
    );
  return body;
}

/** Trading 9. April cards, interception, sailing, anchoring and ships committed to a naval combat. */
function fleetChoices({ G, adv, state, send, busy, t, lang, f }: BodyProps): React.ReactNode[] {
  const body: React.ReactNode[] = [];
  if (adv.has('tradeApril9'))
    body.push(
      <TradeApril9
        key={`trade-${f}`}
        G={G}
        faction={f}
        options={adv.get('tradeApril9')!}
        onConfirm={(cards) => send('tradeApril9', { cards })}
        busy={busy}
      />,
    );

  if (adv.has('intercept'))
    body.push(
      <div key="intercept" className="row">
        <button
          type="button"
          className="primary"
          onClick={() => send('intercept', { attempt: true })}
          disabled={busy}
          data-adv="intercept-yes"
          data-lesson-target="button:intercept-yes"
        >
          {t('adv.interceptYes')}
        </button>
        <button type="button" onClick={() => send('intercept', { attempt: false })} disabled={busy} data-adv="intercept-no">
          {t(G.april9 ? 'adv.interceptNo.april9' : 'adv.interceptNo')}
        </button>
      </div>,
    );

  if (adv.has('sail'))
    body.push(
      <TaskForces
        key="sail"
        G={G}
        options={adv.get('sail')!}
        placeName={(at) => (at === 'raid' ? t('fleet.raid') : placeLabel(t, at))}
        onSail={(ships) => state.start('sail', { ships })}
        busy={busy}
      />,
    );
  if (adv.has('anchor'))
    body.push(
      <button key="anchor" type="button" onClick={() => send('anchor', {})} disabled={busy} data-adv="anchor">
        {t('adv.anchor')}
      </button>,
    );
  if (adv.has('commitShips'))
    body.push(
      <div key="commit" className="button-grid">
        {adv.get('commitShips')!.map((o) => (
          <button key={keyOf(o.ships)} type="button" onClick={() => send('commitShips', o)} disabled={busy} data-adv="commitShips">
            {valueLabel(t, lang, 'ships', o.ships)}
          </button>
        ))}
      </div>,
    );
  return body;
}

/** Naval combat: cards, voided German cards, ships chased, raiders recalled and ships withdrawn. */
function navalCombatChoices({ adv, state, send, busy, t, lang, f }: BodyProps): React.ReactNode[] {
  const body: React.ReactNode[] = [];
  if (adv.has('playNavalCard')) {
    const byCard = oneOfEachKind(adv.get('playNavalCard')!.map((o) => String(o.card)));
    body.push(
      <div key="navalCards" className="button-grid">
        {byCard.map((c) => (
          <button
            key={c}
            type="button"
            className="card-button"
            onClick={() => state.start('playNavalCard', { card: c })}
            disabled={busy}
            data-play-naval={c}
          >
            {t('act.play')}: <strong>{cardName(c, lang)}</strong>
          </button>
        ))}
      </div>,
    );
  }
  if (adv.has('voidGermanCards'))
    body.push(
      <div key="void" className="button-grid">
        {adv.get('voidGermanCards')!.map((o) => (
          <button key={String(o.count)} type="button" onClick={() => send('voidGermanCards', o)} disabled={busy} data-adv="void">
            {t('adv.void', { n: Number(o.count) })}
          </button>
        ))}
      </div>,
    );
  if (adv.has('chaseShip')) {
    const options = adv.get('chaseShip')!;
    const ships = [...new Set(options.map((o) => String(o.ship)))];
    body.push(
      <div key="chase" className="button-grid">
        {ships.map((id) => {
          // A ship with one zone to be chased to goes there on this click; with several, the zones light.
          const ways = options.filter((o) => String(o.ship) === id);
          const only = ways.length === 1 ? ways[0]! : null;
          return (
            <button
              key={id}
              type="button"
              onClick={() => (only ? send('chaseShip', only) : state.start('chaseShip', { ship: id }))}
              disabled={busy}
              data-adv="chase"
            >
              {only
                ? t('adv.chaseTo', { ship: shipName(id) ?? '?', zone: String(only.to) })
                : t('adv.chase', { ship: shipName(id) ?? '?' })}
            </button>
          );
        })}
      </div>,
    );
  }
  if (adv.has('recallRaiders'))
    body.push(
      <SetChoice
        key={`recall-${f}`}
        title={t('adv.recall')}
        items={members(adv.get('recallRaiders')!, 'cards')}
        label={(c) => cardName(c, lang)}
        isLegal={(sel) => !!matchSet(adv.get('recallRaiders')!, 'cards', sel)}
        onConfirm={(sel) => send('recallRaiders', { cards: sel })}
        confirm={t('adv.recall')}
        busy={busy}
      />,
    );
  if (adv.has('withdrawShips'))
    body.push(
      <SetChoice
        key={`withdraw-${f}`}
        title={t('adv.param.ships')}
        items={members(adv.get('withdrawShips')!, 'ships')}
        label={(id) => shipName(id) ?? '?'}
        isLegal={(sel) => !!matchSet(adv.get('withdrawShips')!, 'ships', sel)}
        onConfirm={(sel) => send('withdrawShips', { ships: sel })}
        confirm={t('adv.withdraw')}
        busy={busy}
      />,
    );
  return body;
}

/** What opened the window on top, or the 9. April prompt being answered, as one line. */
export function triggerLine(G: FactionView, t: T): string | null {
  const p = G.prompts[G.prompts.length - 1];
  if (p?.kind !== 'april9Window') return null;
  return t(`trigger.${p.window}`, { area: areaName(p.area), zone: p.zone ?? '', n: p.count ?? 1 });
}

/** A decision in progress: the chosen parameters so far and the next one. */
function Stepper({ G, adv, state, busy }: { G: FactionView; adv: AdvancedChoices; state: AdvancedState; busy: boolean }) {
  const { t, lang } = useI18n();
  const mode = state.mode as Extract<AdvMode, { kind: 'move' }>;
  const options = adv.get(mode.move) ?? [];
  const step = nextStep(options, mode.chosen, ORDER[mode.move] ?? []);
  void G;
  const cardKey = mode.chosen.card ? String(mode.chosen.card) : null;
  const label = (key: string, v: unknown) => {
    if (key === 'effect' && cardKey) return cardInfo(cardKey, lang).effects[Number(v)]?.text ?? String(v);
    return valueLabel(t, lang, key, v);
  };
  return (
    <div className="card-play adv-step" data-move={mode.move}>
      {cardKey && mode.move === 'playApril9' && <April9CardFace instance={cardKey} />}
      {cardKey && mode.move === 'playNavalCard' && <h4>{cardName(cardKey, lang)}</h4>}
      {Object.keys(mode.chosen).filter((k) => k !== 'card').length > 0 && (
        <ul className="chosen">
          {Object.entries(mode.chosen)
            .filter(([k]) => k !== 'card')
            .map(([k, v]) => (
              <li key={k}>
                {t(`adv.param.${k}`)}{' '}
                {(k === 'ship' || k === 'other') && shipName(String(v)) ? <ShipChip id={String(v)} /> : <strong>{label(k, v)}</strong>}
              </li>
            ))}
        </ul>
      )}
      {step.kind === 'choose' && (
        <>
          <p>
            {t(`adv.param.${step.key}`)}
            {MAP_KEYS.has(step.key) && <span className="muted small"> {t('adv.pickZone')}</span>}
          </p>
          <div className="button-grid">
            {step.values.map((v) => (
              <button
                key={keyOf(v)}
                type="button"
                onClick={() => state.start(mode.move, { ...mode.chosen, [step.key]: v })}
                disabled={busy}
                data-step={step.key}
                data-value={typeof v === 'string' ? v : keyOf(v)}
              >
                {label(step.key, v)}
              </button>
            ))}
          </div>
        </>
      )}
      <button type="button" className="ghost" onClick={() => state.setMode({ kind: 'idle' })}>
        {t('adv.cancel')}
      </button>
    </div>
  );
}
