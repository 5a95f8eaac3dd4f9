/**
 * The Deres board's panels beside the map: who is who (nation, supplies, upgrades, who has handed in
 * orders, the result), this seat's set-up turn (nation, terrain piece, supplies, capital), and the
 * moves outside orders (the "now" inventions, surrender) as the engine lists them.
 */
import { NATION_COLOURS, texts, type DeresView, type InventionId, type LegalMove, type Pos } from '@kon/deres';
import type { MapMarks } from './DeresMap';
import type { Words } from './words';

type W = Words;
type Tl = 'nb' | 'en';

/** The phase's help line, where the board has one. */
const helpOf = (w: Words, phase: string): string | undefined => {
  const k = `help_${phase}`;
  return k in w ? w[k as keyof Words & `help_${string}`] : undefined;
};

export function StatusPanel(p: {
  G: DeresView;
  seat: string | null;
  nameOf: (s: string) => string;
  w: W;
  tl: Tl;
  waitingFor: string[] | null;
  afterGame?: React.ReactNode;
}) {
  const { G, seat, nameOf, w, tl } = p;
  return (
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
      {G.result && p.afterGame}
      {p.waitingFor && p.waitingFor.length > 0 && (
        <p className="muted small">
          {w.notYourTurn}: {p.waitingFor.map(nameOf).join(', ')}
        </p>
      )}
    </section>
  );
}

/** This seat's set-up turn: the panel, and what the map lights and does on a click. */
export function setupTurn(
  G: DeresView,
  legal: LegalMove[],
  move: (name: string, ...args: unknown[]) => void,
  rotation: number,
  setRotation: (r: number) => void,
  w: W,
  tl: Tl,
): { marks: MapMarks; onSquare?: (p: Pos) => void; onSlot?: (slot: number) => void; panel: React.ReactNode } {
  let marks: MapMarks = {};
  let onSquare: ((p: Pos) => void) | undefined;
  let onSlot: ((slot: number) => void) | undefined;
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
  const nations = legal.filter((m) => m.move === 'chooseNation').map((m) => (m.args[0] as { nation: keyof typeof NATION_COLOURS }).nation);
  const panel = (
    <section className="panel deres-setup" data-testid="deres-setup" data-phase={G.phase}>
      <h2>{texts.PHASE_TEXTS[G.phase][tl]}</h2>
      {helpOf(w, G.phase) && <p className="muted small">{helpOf(w, G.phase)}</p>}
      {nations.map((n) => (
        <button
          key={n}
          type="button"
          className="deres-nation"
          onClick={() => move('chooseNation', { nation: n })}
          data-nation={n}
          data-lesson-target={`nation:${n}`}
        >
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
  return { marks, ...(onSquare ? { onSquare } : {}), ...(onSlot ? { onSlot } : {}), panel };
}

/** Moves outside orders: the "now" inventions and surrender, as the engine lists them. */
export function OtherMoves({ legal, move, w, tl }: { legal: LegalMove[]; move: (name: string, ...args: unknown[]) => void; w: W; tl: Tl }) {
  const other = legal.filter((m) => ['useInvention', 'proposeSurrender', 'answerSurrender'].includes(m.move));
  if (!other.length) return null;
  const label = (name: string, a: { accept?: boolean; invention?: InventionId }) =>
    name === 'answerSurrender'
      ? a.accept
        ? w.acceptSurrender
        : w.refuseSurrender
      : name === 'useInvention' && a.invention
        ? `${w.useInvention}: ${texts.INVENTION_TEXTS[a.invention].name[tl]}`
        : name === 'proposeSurrender'
          ? w.proposeSurrender
          : name;
  return (
    <section className="panel">
      <h2>{w.other}</h2>
      {other.map((m) => (
        <button key={JSON.stringify(m)} type="button" className="small" onClick={() => move(m.move, ...m.args)}>
          {label(m.move, m.args[0] as { accept?: boolean; invention?: InventionId })}
        </button>
      ))}
    </section>
  );
}
