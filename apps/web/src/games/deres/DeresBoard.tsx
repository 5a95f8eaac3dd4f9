/**
 * The board of Deres uenighet: who is who (nation, supplies, upgrades) and who has handed in orders,
 * the map, and what this seat does now: its set-up turn (nation, terrain piece, supplies, capital), its
 * secret orders (DeresOrders.tsx), or whom it waits for. Surrender and the "now" inventions are
 * offered as the engine lists them.
 */
import { useState } from 'react';
import { NATION_COLOURS, texts, type DeresView, type InventionId, type Orders, type Pos } from '@kon/deres';
import { useI18n } from '../../i18n';
import type { BoardProps } from '../types';
import { DeresHistory } from './DeresHistory';
import { DeresJustHappened } from './DeresJustHappened';
import { DeresMap, type MapMarks } from './DeresMap';
import { useOrdersDraft } from './DeresOrders';
import { WORDS } from './words';
import './deres.css';

export function DeresBoard({ G: raw, playerID, move, module, matchID, token, afterGame }: BoardProps) {
  const G = raw as DeresView;
  const { lang } = useI18n();
  const w = WORDS[lang];
  const tl = lang === 'no' ? 'nb' : 'en';
  const seat = playerID !== null && G.nations[playerID] ? playerID : null;
  const legal = seat ? module.legalMoves(G, undefined, seat) : [];
  const [rotation, setRotation] = useState(0);
  // The board of an earlier step while the player looks back (DeresHistory), else null.
  const [pastG, setPastG] = useState<DeresView | null>(null);
  // The log's length when this seat last handed in orders or hid the phone's summary of what just happened.
  const [seen, setSeen] = useState(0);
  const draft = useOrdersDraft(G, seat ?? '', w, tl, (o: Orders | null) => {
    setSeen(G.log.length);
    if (o) move('submitOrders', o);
    else move('submitEmpty', {});
  });
  const nameOf = (s: string) => {
    const n = G.nations[s]?.nation;
    return n ? texts.NATION_TEXTS[n].name[tl] : `${lang === 'no' ? 'Spiller' : 'Player'} ${Number(s) + 1}`;
  };

  const inOrders = seat !== null && G.mustSubmit.includes(seat) && G.setupTurn === null && !G.result;
  const mySetup = seat !== null && G.setupTurn === seat && !G.result;
  let marks: MapMarks = {};
  let onSquare: ((p: Pos) => void) | undefined;
  let onSlot: ((slot: number) => void) | undefined;
  let panel: React.ReactNode = null;
  if (mySetup) {
    const place = legal.filter((m) => m.move === 'placeSupply' || m.move === 'placeCapital');
    if (place.length) {
      marks = { targets: place.map((m) => m.args[0] as Pos) };
      onSquare = (p) => move(place[0]!.move, { x: p.x, y: p.y });
    }
    const tiles = legal.filter((m) => m.move === 'placeTile').map((m) => m.args[0] as { slot: number; rotation: number });
    if (tiles.length) {
      marks = { slots: [...new Set(tiles.map((t) => t.slot))] };
      onSlot = (slot) => move('placeTile', { slot, rotation });
    }
    const nations = legal
      .filter((m) => m.move === 'chooseNation')
      .map((m) => (m.args[0] as { nation: keyof typeof NATION_COLOURS }).nation);
    panel = (
      <section className="panel deres-setup" data-testid="deres-setup" data-phase={G.phase}>
        <h2>{texts.PHASE_TEXTS[G.phase][tl]}</h2>
        {w[`help_${G.phase}`] && <p className="muted small">{w[`help_${G.phase}`]}</p>}
        {nations.map((n) => (
          <button key={n} type="button" className="deres-nation" onClick={() => move('chooseNation', { nation: n })} data-nation={n}>
            <span className="chip" style={{ background: NATION_COLOURS[n] }} /> <strong>{texts.NATION_TEXTS[n].name[tl]}</strong>
            <small>{texts.NATION_TEXTS[n].ability[tl]}</small>
          </button>
        ))}
        {tiles.length > 0 && (
          <p className="small">
            {w.drawn}: <strong>{G.drawn}</strong> · {w.rotation}{' '}
            <select value={rotation} onChange={(e) => setRotation(Number(e.target.value))} name="rotation">
              {[0, 1, 2, 3].map((r) => (
                <option key={r} value={r}>
                  {r * 90}°
                </option>
              ))}
            </select>{' '}
            · {w.placeTile}
          </p>
        )}
        {place.length > 0 && <p className="small">{w.placeOn}</p>}
      </section>
    );
  } else if (inOrders) {
    marks = draft.marks;
    onSquare = draft.onSquare;
    panel = draft.panel;
  }
  const other = legal.filter((m) => ['useInvention', 'proposeSurrender', 'answerSurrender'].includes(m.move));
  const otherLabel = (name: string, a: { accept?: boolean; invention?: InventionId }) =>
    name === 'answerSurrender'
      ? a.accept
        ? w.acceptSurrender
        : w.refuseSurrender
      : name === 'useInvention' && a.invention
        ? `${w.useInvention}: ${texts.INVENTION_TEXTS[a.invention].name[tl]}`
        : name === 'proposeSurrender'
          ? w.proposeSurrender
          : name;
  const waitingFor = G.setupTurn !== null ? [G.setupTurn] : G.mustSubmit.filter((s) => !G.submitted[s]);

  return (
    <div
      className={`deres-board${panel ? ' deres-acting' : ''}`}
      data-testid="deres-board"
      data-phase={G.phase}
      data-round={G.round}
      data-log={G.log.length}
    >
      <section className="panel deres-status">
        <p>
          <strong>{texts.PHASE_TEXTS[G.phase][tl]}</strong>
          {G.round > 0 && ` · ${w.round} ${G.round}`}
          {G.shootingRound > 0 && ` · ${w.shootingRound} ${G.shootingRound}`}
          {G.step && ` · ${texts.STEP_TEXTS[G.step][tl]}`}
        </p>
        <ul className="deres-nations">
          {G.seats.map((s) => {
            const n = G.nations[s]!;
            const state = n.out
              ? w.out
              : G.setupTurn === s
                ? s === seat
                  ? w.yourTurn
                  : w.setupTurn
                : G.mustSubmit.includes(s)
                  ? G.submitted[s]
                    ? w.submitted
                    : w.waiting
                  : '';
            return (
              <li key={s} data-seat={s} data-submitted={G.mustSubmit.includes(s) ? String(!!G.submitted[s]) : undefined}>
                <span className="chip" style={{ background: n.nation ? NATION_COLOURS[n.nation] : '#999' }} /> {nameOf(s)}
                {s === seat && ` (${w.you})`}: {n.supplies} {n.supplies === 1 ? w.supply : w.supplies}, {n.upgrades}{' '}
                {n.upgrades === 1 ? w.upgradeOne : w.upgrades}, {n.pool} {w.pool}, {n.fortStock} {w.forts}
                {state && <em className={`deres-state ${G.submitted[s] ? 'in' : ''}`}> – {state}</em>}
              </li>
            );
          })}
        </ul>
        {G.result && (
          <p data-testid="deres-result">
            <strong>{texts.END_TEXTS[G.result.reason][tl]}</strong>
            {G.result.winner !== null && ` · ${w.winner}: ${nameOf(G.result.winner)}`}
          </p>
        )}
        {G.result && afterGame}
        {!G.result && !mySetup && !inOrders && waitingFor.length > 0 && (
          <p className="muted small">
            {w.notYourTurn}: {waitingFor.map(nameOf).join(', ')}
          </p>
        )}
      </section>
      {!pastG && <DeresJustHappened G={G} seen={seen} onHide={() => setSeen(G.log.length)} name={nameOf} tl={tl} w={w} />}
      <div className="deres-play">
        <div className="deres-map-wrap">
          {pastG ? (
            <DeresMap G={pastG} marks={{}} />
          ) : (
            <DeresMap G={G} marks={marks} {...(onSquare ? { onSquare } : {})} {...(onSlot ? { onSlot } : {})} />
          )}
          <details className="deres-legend small" data-testid="deres-legend">
            <summary>{w.legend}</summary>
            <p>{w.legendText}</p>
            <p>{w.statusHelp}</p>
          </details>
        </div>
        <div className="deres-side">
          {panel}
          {G.log.length > 0 && <DeresHistory G={G} matchID={matchID} token={token} name={nameOf} tl={tl} w={w} onPast={setPastG} />}
          {other.length > 0 && (
            <section className="panel">
              <h2>{w.other}</h2>
              {other.map((m) => (
                <button key={JSON.stringify(m)} type="button" className="small" onClick={() => move(m.move, ...m.args)}>
                  {otherLabel(m.move, m.args[0] as { accept?: boolean; invention?: InventionId })}
                </button>
              ))}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
