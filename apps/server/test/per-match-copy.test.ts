/** A service's per-match copy of a record (core/per-match-copy.ts), with one process and with several. */
import { describe, expect, it } from 'vitest';
import { PerMatchCopy } from '../src/core/per-match-copy';

describe('PerMatchCopy', () => {
  it('with one process, holds a copy until the service drops it', () => {
    const c = new PerMatchCopy<string>(null);
    c.keep('m', 'read', c.mark('m'));
    expect(c.get('m')).toBe('read');
    c.delete('m');
    expect(c.get('m')).toBeUndefined();
  });

  it('with several, holds a copy only while the change count is the one it was read at', () => {
    const counts = new Map<string, number>();
    const c = new PerMatchCopy<string>({ version: (id) => counts.get(id) });
    // Before this process held the match's lock there is no count: what is read is not kept.
    c.keep('m', 'early', c.mark('m'));
    expect(c.peek('m')).toBeUndefined();
    counts.set('m', 7);
    c.keep('m', 'read at 7', c.mark('m'));
    expect(c.get('m')).toBe('read at 7');
    // Another process changed the record: the copy no longer holds, though it is still there.
    counts.set('m', 8);
    expect(c.get('m')).toBeUndefined();
    expect(c.peek('m')).toBe('read at 7');
    // A copy read while the count was 7 and kept after it moved holds only until the next look.
    const mark = c.mark('m');
    counts.set('m', 9);
    c.keep('m', 'read at 8', mark);
    expect(c.get('m')).toBeUndefined();
  });
});
