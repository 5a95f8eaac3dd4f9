/**
 * A draft's orders as the order list beside the map names them (square names as on the map's edges,
 * C7), in bokmål and English, and as the map draws them: an arrow for a move, a cross-hair line with
 * the roll needed for a shot, a ghost piece for a purchase, a ring for a throw's aim. The same drawing
 * serves the orders revealed in the log when a player looks back.
 */
import { squareName as sq, type DeresView, type Orders, type Pos, type ShotOption } from '@kon/deres';

type Lang = 'nb' | 'en';
export type PlaceWhat = 'regiment' | 'fort' | 'conscript' | 'slaveFort' | 'castle' | 'fortUp' | 'aim' | 'gas' | 'artillery';
export type DrawnOrder =
  | { kind: 'move'; from: Pos; to: Pos; seat: string }
  | { kind: 'shot'; from: Pos; to: Pos; label: string; seat: string }
  | { kind: 'place'; at: Pos; what: PlaceWhat; seat: string };

/** The piece an order names, where it stands on the board given. */
export function pieceAt(G: Pick<DeresView, 'regiments' | 'forts'>, id: string): Pos | undefined {
  const p = G.regiments.find((r) => r.id === id) ?? G.forts.find((f) => f.id === id);
  return p ? { x: p.x, y: p.y } : undefined;
}

/**
 * How the map draws one nation's orders on the board `G` (the board they were written on: pieces
 * named by id are looked up there). `shots` gives the roll needed where known.
 */
export function drawOrders(G: Pick<DeresView, 'regiments' | 'forts'>, seat: string, o: Orders, shots: ShotOption[] = []): DrawnOrder[] {
  const place = (at: Pos, what: PlaceWhat): DrawnOrder => ({ kind: 'place', at, what, seat });
  const fortAt = (id: string) => pieceAt(G, id);
  switch (o.kind) {
    case 'buy':
      return [
        ...o.regiments.map((p) => place(p, 'regiment')),
        ...o.forts.map((p) => place(p, 'fort')),
        ...(o.conscripts ?? []).map((p) => place(p, 'conscript')),
        ...(o.slaveFort ? [place(o.slaveFort, 'slaveFort')] : []),
        ...(o.castle && fortAt(o.castle) ? [place(fortAt(o.castle)!, 'castle')] : []),
        ...o.fortUpgrades.flatMap((id) => (fortAt(id) ? [place(fortAt(id)!, 'fortUp')] : [])),
      ];
    case 'move':
      return o.moves.flatMap((m) => {
        const from = pieceAt(G, m.piece);
        return from ? [{ kind: 'move' as const, from, to: m.to, seat }] : [];
      });
    case 'shoot': {
      const out: DrawnOrder[] = [];
      const s = o.shot;
      const from = s ? pieceAt(G, s.shooter) : undefined;
      if (s && from) {
        const needed = shots.find((x) => x.shooter === s.shooter && x.target.x === s.target.x && x.target.y === s.target.y)?.needed;
        out.push({ kind: 'shot', from, to: s.target, label: s.sniper ? '✓' : needed !== undefined ? `${needed}+` : '', seat });
      }
      for (const p of o.artillery ?? []) out.push(place(p, 'artillery'));
      if (o.gas) out.push(place(o.gas, 'gas'));
      return out;
    }
    case 'spread':
      return o.aims.map((p) => place(p, 'aim'));
  }
}

const T = {
  regiment: { nb: 'Nytt regiment på {a}', en: 'New regiment on {a}' },
  fort: { nb: 'Nytt fort på {a} ({n} forsyninger)', en: 'New fort on {a} ({n} supplies)' },
  conscript: { nb: 'Vernepliktig på {a}', en: 'Conscript on {a}' },
  slaveFort: { nb: 'Slavefort på {a}', en: 'Slave fort on {a}' },
  castle: { nb: 'Fortet på {a} blir slott', en: 'The fort on {a} becomes a castle' },
  fortUp: { nb: 'Fortet på {a} forsterkes', en: 'The fort on {a} is strengthened' },
  upgrades: { nb: '{n} oppgradering(er) av hovedstaden', en: '{n} capital upgrade(s)' },
  loan: { nb: 'Lån: 2 forsyninger mot 2 regimenter', en: 'Loan: 2 supplies against 2 regiments' },
  repay: { nb: '{n} utlånt(e) regiment(er) kjøpt tilbake', en: '{n} lent regiment(s) bought back' },
  regimentMove: { nb: 'Regiment {a} → {b}', en: 'Regiment {a} → {b}' },
  fortMove: { nb: 'Fort {a} → {b}', en: 'Fort {a} → {b}' },
  recall: { nb: 'Regiment {a} → {b} (hjem)', en: 'Regiment {a} → {b} (home)' },
  explorer: { nb: 'Utforsker denne runden', en: 'Explorer this round' },
  shot: { nb: 'Skudd fra {a} mot {b}: trenger {n}+ på d12', en: 'Shot from {a} at {b}: needs {n}+ on the d12' },
  sniper: { nb: 'Snikskudd fra {a} mot {b}: sikkert treff', en: 'Sniper shot from {a} at {b}: a sure hit' },
  bombard: { nb: 'Bombardement fra nå av', en: 'Bombardment from now on' },
  artillery: { nb: 'Artilleri mot {a}', en: 'Artillery at {a}' },
  gas: { nb: 'Sennepsgass mot {a}', en: 'Mustard gas at {a}' },
  aim: { nb: 'Kast sikter på {a}', en: 'Throw aimed at {a}' },
} as const;
export type OrderWord = keyof typeof T;

/** One order in words: `a` and `b` are squares (named as on the map), `n` a number. */
export function orderText(kind: OrderWord, lang: Lang, p: { a?: Pos | Pos[]; b?: Pos; n?: number } = {}): string {
  const a = Array.isArray(p.a) ? p.a.map(sq).join(', ') : p.a ? sq(p.a) : '';
  return T[kind][lang]
    .replace('{a}', a)
    .replace('{b}', p.b ? sq(p.b) : '')
    .replace('{n}', String(p.n ?? ''));
}
