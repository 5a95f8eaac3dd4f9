import { describe, expect, it } from 'vitest';
import { CHAIN_CODECS, ChainWriter, codecFor, decodeAll, eventText, type StoredRow } from '../src/storage/event-codec';

/** A match's rows as a writer stores them: `texts` in order, the first starting a chain with `snapshot`. */
function writeChain(writer: ChainWriter, texts: string[], firstStateID: number, snapshot: string | null): StoredRow[] {
  return texts.map((text, i) => {
    const stateID = firstStateID + i;
    const { row, chain } = writer.encode('m', text, i === 0 ? snapshot : null, i === 0 ? null : stateID - 1);
    writer.done('m', chain, text, stateID);
    return { stateID, logBase: 0, codec: row.codec, body: row.body, snap: row.snap };
  });
}

/**
 * Row texts, short and long, that repeat word for word what the chain held ~10,000 characters before
 * (further back than the short dictionary reaches): read with a wrong dictionary, they fail.
 */
function texts(n: number): string[] {
  const words = Array.from({ length: 40 }, (_, i) => `"area-${i}-${'x'.repeat(200 + i)}"`);
  return Array.from({ length: n }, (_, i) => {
    const long = i % 7 === 3 ? `,${words.slice(0, 6).join(',')}` : '';
    return eventText(`[${words[i % 40]}${long}]`, `[{"type":"move${i}"}]`, i, `[[["G","turn"],${i}]]`);
  });
}

const [long, short] = CHAIN_CODECS as [(typeof CHAIN_CODECS)[number], (typeof CHAIN_CODECS)[number]];

describe('event rows in chains (event-codec)', () => {
  it('gives a short row the short dictionary and a long row the long one, and reads a chain of both back', () => {
    const all = texts(120);
    expect(all.some((t) => codecFor(t) === long) && all.some((t) => codecFor(t) === short)).toBe(true);
    const rows = writeChain(new ChainWriter(), all, 1, '{"G":{}}');
    expect(rows[0]!.codec).toBe(codecFor(all[0]!).start);
    rows.slice(1).forEach((r, i) => expect(r.codec).toBe(codecFor(all[i + 1]!).next));
    expect(decodeAll(rows).map((e) => e.text)).toEqual(all);
  });

  it('reads chains written with one codec throughout (rows from before the short dictionary), and a chain after them', () => {
    for (const only of CHAIN_CODECS) {
      const before = texts(120);
      const oldRows = writeChain(new ChainWriter(() => only), before, 1, 'x'.repeat(40_000));
      expect(new Set(oldRows.map((r) => r.codec))).toEqual(new Set([only.start, only.next]));
      // After an upgrade the writer holds no chain: the next row starts one.
      const after = texts(30);
      const newRows = writeChain(new ChainWriter(), after, 121, null);
      expect(decodeAll([...oldRows, ...newRows]).map((e) => e.text)).toEqual([...before, ...after]);
    }
  });

  it("a row's codec names its dictionary: read with the other length it is refused, never misread", () => {
    const all = texts(60);
    const rows = writeChain(new ChainWriter(() => long), all, 1, null);
    const swapped = rows.map((r, i) => (i === 0 ? r : { ...r, codec: short.next }));
    expect(() => decodeAll(swapped).map((e) => e.text)).toThrow();
    expect(() => decodeAll(rows.slice(1))).toThrow(/chain does not start before it/);
  });
});
