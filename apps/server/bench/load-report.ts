/**
 * The load benchmark's results and how they are printed: one markdown table, a column per server and
 * its ratio to the minimal boardgame.io server, and the counts that should be zero (see load.ts).
 */

export type Mode = 'saturated' | 'human';

export interface PhaseResult {
  target: string;
  matches: number;
  mode: Mode;
  seconds: number;
  moves: number;
  movesPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  seatBytes: { mean: number; max: number };
  spectatorBytes: { mean: number; max: number };
  patchMessages: number;
  updateMessages: number;
  serverCpuMsPerMove: number;
  serverCpuPercent: number;
  benchCpuPercent: number;
  serverRssMB: number;
  refused: number;
  timeouts: number;
  resyncs: number;
  patchFailures: number;
  replacedMatches: number;
  /** Mean stateID of the measured moves: state messages grow as a game goes on. */
  meanStateID: number;
  /** From the server's own metrics (ours only): GC time, GC pauses of 10 ms or more, event-loop delay p99. */
  gc: { ms: number; pausesOver10ms: number; loopDelayP99Ms: number };
  /**
   * From the server's own histograms (ours only), as the upper bound of the bucket that holds the 99th
   * percentile: a player's move through the move path, and the durable write inside it. The difference
   * to the bench's move → all sockets is the network, the sockets and the wait for the event loop.
   */
  serverP99Ms?: { movePath: number; storeWrite: number } | undefined;
}

export interface TargetResult {
  target: string;
  idleRssMB: number;
  endRssMB: number;
  phases: PhaseResult[];
}

export const LABELS: Record<string, string> = {
  minimal: 'minimal boardgame.io',
  vanilla: 'boardgame.io serving our game, in memory',
  before: 'before (--before), embedded SQLite',
  embedded: 'ours, embedded SQLite',
  postgres: 'ours, PostgreSQL',
  redis1: 'ours, PostgreSQL + Redis, 1 process',
  redis2: 'ours, PostgreSQL + Redis, 2 processes',
  placed2: 'ours, PostgreSQL + Redis, 2 processes, each match on one',
};

/** Cumulative bucket counts of a Prometheus histogram (summed over its label sets), by upper bound in seconds. */
export function bucketsOf(text: string | undefined, metric: string, labels = ''): Map<number, number> {
  const out = new Map<number, number>();
  const re = new RegExp(`^${metric}_bucket\\{([^}]*)\\} (\\S+)$`, 'gm');
  for (const m of (text ?? '').matchAll(re)) {
    if (!m[1]!.includes(labels)) continue;
    const le = /le="([^"]+)"/.exec(m[1]!)?.[1];
    if (le === undefined) continue;
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
    out.set(bound, (out.get(bound) ?? 0) + Number(m[2]));
  }
  return out;
}

/** The upper bound (ms) of the bucket holding the 99th percentile of what was observed between two scrapes. */
export function bucketP99Ms(before: Map<number, number>, after: Map<number, number>): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Number.POSITIVE_INFINITY) ?? 0) - (before.get(Number.POSITIVE_INFINITY) ?? 0);
  if (total <= 0) return NaN;
  for (const b of bounds) if ((after.get(b) ?? 0) - (before.get(b) ?? 0) >= 0.99 * total) return b * 1000;
  return NaN;
}

function fmt(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return '–';
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits);
}

function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return '–';
  const r = a / b;
  return `${r >= 10 ? Math.round(r) : r.toPrecision(2)}×`;
}

/**
 * One markdown table: a row per load shape × mode × measure, a column per server, ratios to minimal.
 * The spectator's message size (within a few bytes of a seat's) and the error counts are in the JSON.
 */
export function markdown(results: TargetResult[]): string {
  const base = results.find((r) => r.target === 'minimal');
  const ours = results.filter((r) => r.target !== 'minimal');
  const head = [
    'load',
    'measure',
    ...(base ? [LABELS.minimal!] : []),
    ...ours.flatMap((r) => [LABELS[r.target]!, ...(base ? ['/ minimal'] : [])]),
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  const row = (load: string, measure: string, get: (t: TargetResult) => number[], show: (v: number[]) => string, compare = true) => {
    const b = base && get(base);
    const cells = ours.flatMap((t) => {
      const v = get(t);
      return [show(v), ...(b ? [compare ? v.map((x, i) => ratio(x, b[i]!)).join(' / ') : ''] : [])];
    });
    lines.push(`| ${load} | ${measure} | ${b ? `${show(b)} | ` : ''}${cells.join(' | ')} |`);
  };
  const phaseOf = (t: TargetResult, n: number, m: Mode) => t.phases.find((p) => p.matches === n && p.mode === m);
  const shapes = (ours[0] ?? base)!.phases.map((p) => [p.matches, p.mode] as const);
  for (const [n, mode] of shapes) {
    const load = `${n} match${n === 1 ? '' : 'es'}, ${mode}`;
    const get = (f: (p: PhaseResult) => number[]) => (t: TargetResult) => {
      const p = phaseOf(t, n, mode);
      return p ? f(p) : [NaN];
    };
    row(
      load,
      'move → all 4 sockets p50 / p95 / p99 ms',
      get((p) => [p.latencyMs.p50, p.latencyMs.p95, p.latencyMs.p99]),
      (v) => v.map((x) => fmt(x)).join(' / '),
    );
    row(
      '',
      'moves/s',
      get((p) => [p.movesPerSecond]),
      (v) => fmt(v[0]!),
    );
    row(
      '',
      'state message per seat socket, mean / max bytes',
      get((p) => [p.seatBytes.mean, p.seatBytes.max]),
      (v) => v.map((x) => fmt(x, 0)).join(' / '),
    );
    row(
      '',
      'moves into the game (mean stateID moved from)',
      get((p) => [p.meanStateID]),
      (v) => fmt(v[0]!, 0),
      false,
    );
    row(
      '',
      'server CPU per move ms',
      get((p) => [p.serverCpuMsPerMove]),
      (v) => fmt(v[0]!, 2),
    );
    row(
      '',
      'CPU busy, server / bench client, % of a core',
      get((p) => [p.serverCpuPercent, p.benchCpuPercent]),
      (v) => v.map((x) => fmt(x, 0)).join(' / '),
      false,
    );
    row(
      '',
      'server GC ms per move / GC pauses ≥ 10 ms / event-loop delay p99 ms (ours: its /metrics)',
      get((p) => [p.moves ? p.gc.ms / p.moves : NaN, p.gc.pausesOver10ms, p.gc.loopDelayP99Ms]),
      (v) => [fmt(v[0]!, 3), fmt(v[1]!, 0), fmt(v[2]!, 1)].join(' / '),
      false,
    );
    row(
      '',
      'server p99: move path / of it the durable write, ms (ours: its /metrics, at most the bucket bound)',
      get((p) => [p.serverP99Ms?.movePath ?? NaN, p.serverP99Ms?.storeWrite ?? NaN]),
      (v) => v.map((x) => (Number.isFinite(x) ? `≤ ${fmt(x, 1)}` : '–')).join(' / '),
      false,
    );
    row(
      '',
      'server RSS at the end of the phase, its matches still live, MB',
      get((p) => [p.serverRssMB]),
      (v) => fmt(v[0]!, 0),
    );
    row(
      '',
      'of which per live match (over idle) MB',
      (t) => {
        const p = phaseOf(t, n, mode);
        return p ? [(p.serverRssMB - t.idleRssMB) / n] : [NaN];
      },
      (v) => fmt(v[0]!, 2),
    );
  }
  row(
    '',
    'server RSS idle before load MB',
    (t) => [t.idleRssMB],
    (v) => fmt(v[0]!, 0),
  );
  // The human-pace sweep in one line each: the most matches whose p99 stayed within the bound.
  if (shapes.some(([, m]) => m === 'human'))
    for (const bound of [10, 50])
      row(
        'human pace, all counts',
        `most matches with p99 ≤ ${bound} ms (of those run)`,
        (t) => [capacity(t, bound)],
        (v) => (v[0]! > 0 ? fmt(v[0]!, 0) : 'none'),
      );
  return lines.join('\n');
}

/**
 * The largest human-pace match count whose move → all sockets p99 was within `boundMs`, among the
 * counts run, and only if every smaller count was within it too (0 when the smallest was not).
 */
export function capacity(t: TargetResult, boundMs: number): number {
  const human = t.phases.filter((p) => p.mode === 'human').sort((a, b) => a.matches - b.matches);
  let best = 0;
  for (const p of human) {
    if (!(p.latencyMs.p99 <= boundMs) || p.timeouts > 0) break;
    best = p.matches;
  }
  return best;
}

/** Counts that should be zero (or explain a number): printed under the table. */
export function anomalies(results: TargetResult[]): string[] {
  return results.flatMap((t) =>
    t.phases
      .filter((p) => p.refused || p.timeouts || p.patchFailures || p.replacedMatches)
      .map(
        (p) =>
          `${t.target} ${p.matches}×${p.mode}: refused ${p.refused}, timeouts ${p.timeouts}, patch failures ${p.patchFailures}, ` +
          `resyncs ${p.resyncs}, finished matches replaced ${p.replacedMatches}`,
      ),
  );
}
