/** How long a clock shows: m:ss under an hour, h:mm under a day, then days and hours. */
export function formatClock(ms: number, lang: 'no' | 'en'): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return lang === 'no' ? `${d} d ${h} t` : `${d} d ${h} h`;
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}

/** Time left for a faction now, from a clock the server sent at `serverNow` (our clock may be off). */
export function remainingNow(
  clock: { remainingMs: Partial<Record<string, number>>; running: string | null; deadline: number | null; serverNow: number },
  faction: string,
  receivedAt: number,
  now: number,
): number | undefined {
  const left = clock.remainingMs[faction];
  if (left === undefined) return undefined;
  if (clock.running !== faction) return left;
  return Math.max(0, left - (now - receivedAt));
}

/** A time control's length in words: "30 min", "2 t 30 min" / "2 h 30 min", "1 døgn" / "1 day". */
export function formatSpan(seconds: number, lang: 'no' | 'en'): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const parts: string[] = [];
  if (d) parts.push(lang === 'no' ? `${d} døgn` : `${d} day${d === 1 ? '' : 's'}`);
  if (h) parts.push(lang === 'no' ? `${h} t` : `${h} h`);
  if (m || parts.length === 0) parts.push(`${m} min`);
  return parts.join(' ');
}
