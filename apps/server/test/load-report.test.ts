import { describe, expect, it } from 'vitest';
import { bucketP99Ms, bucketsOf } from '../bench/load-report';

// The load bench reads the server's own p99 from two scrapes of GET /metrics (prom-client's text).
const scrape = (counts: number[]) =>
  [0.001, 0.005, 0.01, '+Inf']
    .flatMap((le, i) => [
      `kon_move_duration_seconds_bucket{le="${le}",by="player"} ${counts[i]}`,
      `kon_move_duration_seconds_bucket{le="${le}",by="server"} 1000`,
    ])
    .join('\n');

describe('the load report', () => {
  it('finds the bucket holding the 99th percentile of what happened between two scrapes', () => {
    const before = bucketsOf(scrape([10, 10, 10, 10]), 'kon_move_duration_seconds', 'by="player"');
    // 100 moves since: 90 within 1 ms, 99 within 5 ms, all within 10 ms.
    const after = bucketsOf(scrape([100, 109, 110, 110]), 'kon_move_duration_seconds', 'by="player"');
    expect(bucketP99Ms(before, after)).toBe(5);
    // One more slow move and the 99th percentile moves to the next bucket.
    const later = bucketsOf(scrape([100, 109, 111, 111]), 'kon_move_duration_seconds', 'by="player"');
    expect(bucketP99Ms(before, later)).toBe(10);
  });

  it('has no percentile without observations or without the metric', () => {
    const same = bucketsOf(scrape([5, 5, 5, 5]), 'kon_move_duration_seconds', 'by="player"');
    expect(bucketP99Ms(same, same)).toBeNaN();
    expect(bucketsOf('', 'kon_move_duration_seconds').size).toBe(0);
  });
});
