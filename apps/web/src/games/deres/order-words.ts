/**
 * A draft's orders as the order list beside the map names them (square names as on the map's edges,
 * C7), in bokmål and English, and as the map draws them: an arrow for a move, a cross-hair line with
 * the roll needed for a shot, a ghost piece for a purchase, a ring for a throw's aim. The same drawing
 * serves the orders revealed in the log when a player looks back.
 */
import { squareName as sq, type DeresView, type Orders, type Pos, type ShotOption } from '@kon/deres';
import { translate } from '../../i18n';

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

export type OrderWord =
  | 'regiment'
  | 'fort'
  | 'conscript'
  | 'slaveFort'
  | 'castle'
  | 'fortUp'
  | 'upgrades'
  | 'loan'
  | 'repay'
  | 'regimentMove'
  | 'fortMove'
  | 'recall'
  | 'explorer'
  | 'shot'
  | 'sniper'
  | 'bombard'
  | 'artillery'
  | 'gas'
  | 'aim';

/** One order in words: `a` and `b` are squares (named as on the map), `n` a number. */
export function orderText(kind: OrderWord, lang: Lang, p: { a?: Pos | Pos[]; b?: Pos; n?: number } = {}): string {
  const a = Array.isArray(p.a) ? p.a.map(sq).join(', ') : p.a ? sq(p.a) : '';
  return translate(lang === 'nb' ? 'no' : 'en', `deres.order.${kind}`, { a, b: p.b ? sq(p.b) : '', n: String(p.n ?? '') });
}
