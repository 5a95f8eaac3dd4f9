/**
 * The board of Deres uenighet: the map, and beside it who is who (nation, supplies, upgrades) and who
 * has handed in orders, and what this seat does now: its set-up turn (nation, terrain piece, supplies,
 * capital), its secret orders (DeresOrders.tsx), or whom it waits for (DeresPanels.tsx). Surrender
 * and the "now" inventions are offered as the engine lists them.
 */
import { useState } from 'react';
import { texts, type DeresView, type Orders, type Pos } from '@kon/deres';
import { useI18n } from '../../i18n';
import type { BoardProps } from '../types';
import { DeresHistory, type PastBoard } from './DeresHistory';
import { DeresJustHappened } from './DeresJustHappened';
import { DeresMap, type MapMarks } from './DeresMap';
import { useOrdersDraft } from './DeresOrders';
import { OtherMoves, StatusPanel, setupTurn } from './DeresPanels';
import { useJustRevealed } from './useJustRevealed';
import { useDeresWords } from './words';
import './deres.css';

export function DeresBoard({ G, playerID, move, module, matchID, token, afterGame }: BoardProps<DeresView>) {
  const { lang } = useI18n();
  const w = useDeresWords();
  const tl = lang === 'no' ? 'nb' : 'en';
  const seat = playerID !== null && G.nations[playerID] ? playerID : null;
  const legal = seat ? module.legalMoves(G, undefined, seat) : [];
  const [rotation, setRotation] = useState(0);
  // The board of an earlier step while the player looks back (DeresHistory), else null.
  const [past, setPast] = useState<PastBoard | null>(null);
  // The log's length when this seat last handed in orders or hid the phone's summary of what just happened.
  const [seen, setSeen] = useState(0);
  const draft = useOrdersDraft(G, seat ?? '', w, tl, (o: Orders | null) => {
    setSeen(G.log.length);
    if (o) move('submitOrders', o);
    else move('submitEmpty', {});
  });
  const nameOf = (s: string) => {
    const n = G.nations[s]?.nation;
    return n ? texts.NATION_TEXTS[n].name[tl] : w.playerN(Number(s) + 1);
  };

  const inOrders = seat !== null && G.mustSubmit.includes(seat) && G.setupTurn === null && !G.result;
  const mySetup = seat !== null && G.setupTurn === seat && !G.result;
  let marks: MapMarks = {};
  let onSquare: ((p: Pos) => void) | undefined;
  let onSlot: ((slot: number) => void) | undefined;
  let panel: React.ReactNode = null;
  if (mySetup) ({ marks, onSquare, onSlot, panel } = setupTurn(G, legal, move, rotation, setRotation, w, tl));
  else if (inOrders) ({ marks, onSquare, panel } = draft);
  // The orders just revealed appear on the live map, until this seat drafts or hands in its next ones.
  const revealed = useJustRevealed(G, matchID, token);
  if (revealed?.drawn.length && G.log.length > seen && !marks.drawn?.length)
    marks = { ...marks, drawn: revealed.drawn, revealed: revealed.key };
  const waitingFor = G.setupTurn !== null ? [G.setupTurn] : G.mustSubmit.filter((s) => !G.submitted[s]);

  return (
    <div
      className={`deres-board${panel ? ' deres-acting' : ''}`}
      data-testid="deres-board"
      data-phase={G.phase}
      data-round={G.round}
      data-log={G.log.length}
    >
      {!past && <DeresJustHappened G={G} seen={seen} onHide={() => setSeen(G.log.length)} name={nameOf} tl={tl} w={w} />}
      <div className="deres-play">
        <div className="deres-map-wrap">
          {past ? (
            <DeresMap G={past.G} marks={{ drawn: past.drawn }} tl={tl} />
          ) : (
            <DeresMap G={G} marks={marks} tl={tl} {...(onSquare ? { onSquare } : {})} {...(onSlot ? { onSlot } : {})} />
          )}
          <details className="deres-legend small" data-testid="deres-legend">
            <summary>{w.legend}</summary>
            <p>{w.legendText}</p>
            <p>{w.statusHelp}</p>
          </details>
        </div>
        <div className="deres-side">
          <StatusPanel
            G={G}
            seat={seat}
            nameOf={nameOf}
            w={w}
            tl={tl}
            waitingFor={!G.result && !mySetup && !inOrders ? waitingFor : null}
            afterGame={afterGame}
          />
          {panel}
          {G.log.length > 0 && <DeresHistory G={G} matchID={matchID} token={token} name={nameOf} tl={tl} w={w} onPast={setPast} />}
          <OtherMoves legal={legal} move={move} w={w} tl={tl} />
        </div>
      </div>
    </div>
  );
}
