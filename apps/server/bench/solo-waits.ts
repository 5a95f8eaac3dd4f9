/**
 * A person's wait in a solo game (bench/bot-latency.ts): one person (Germany, playing a random legal
 * move the moment it may) against two computer players on a running server. A wait is the time from
 * the person's move to the next moment the person must decide, counted when anyone else moved in
 * between (a computer's decisions, paced by the server's BOT_MOVE_DELAY_MS, and the server's automatic
 * passes for the person, held to AUTOPASS_DELAY_MS): what the person sits through between decisions.
 * A finished game is followed by a fresh one until the time is up.
 */
import { Peer, pickLegalMove, postJson, sleep, type BgState, type MatchInfo, type Target } from './load';

const actorOf = (s: BgState) => Object.keys(s.ctx.activePlayers ?? {})[0] ?? s.ctx.currentPlayer;

/** One solo game until it ends or `deadline` (performance.now()); its waits in ms. */
async function oneGame(target: Target, deadline: number, strength: string, waits: number[]): Promise<void> {
  const m = await postJson(`${target.url}/api/matches`, {
    plan: 'three',
    setupData: { ruleset: 'basic' },
    bots: { norway: strength, allies: strength },
  });
  const seat = (m.links.seats as { token: string }[])[0]!;
  const me = await postJson(`${target.url}/api/matches/${m.matchID}/join`, { token: seat.token, name: 'Person' });
  const playerID = me.playerIDs[0] as string;
  const info: MatchInfo = { matchID: m.matchID, seats: [{ playerID, credentials: me.credentials }], spectatorCredentials: undefined };
  let sent: { at: number; from: number } | null = null;
  let acted = -1;
  let over = false;
  const onChange = () => {
    const s = peer.state;
    if (!s || over) return;
    if (s.ctx.gameover != null) {
      over = true;
      return;
    }
    if (actorOf(s) !== playerID || s._stateID === acted) return;
    if (sent && s._stateID > sent.from + 1) waits.push(performance.now() - sent.at);
    const move = pickLegalMove(s, playerID);
    if (!move) return;
    acted = s._stateID;
    sent = { at: performance.now(), from: s._stateID };
    peer.sendMove(move);
  };
  const peer: Peer = new Peer(target, info, playerID, me.credentials, onChange, (p) => {
    acted = -1;
    p.resync();
  });
  try {
    while (!over && performance.now() < deadline) await sleep(100);
  } finally {
    peer.close();
  }
}

/** Solo games for `ms`; every wait seen (ms). */
export async function soloWaits(target: Target, ms: number, strength: string): Promise<number[]> {
  const deadline = performance.now() + ms;
  const waits: number[] = [];
  while (performance.now() < deadline) await oneGame(target, deadline, strength, waits);
  return waits;
}

/** The q-quantile (0…1) of `xs`, nearest rank. */
export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
