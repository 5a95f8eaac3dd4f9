import { describe, expect, it } from 'vitest';
import { CHAIN_CODECS, ChainWriter, decodeAll, eventText, type StoredRow } from '../src/storage/event-codec';

/** A match's rows as a writer stores them: `texts` in order, the first starting a chain with `snapshot`. */
function writeChain(writer: ChainWriter, texts: string[], firstStateID: number, snapshot: string | null): StoredRow[] {
  return texts.map((text, i) => {
    const stateID = firstStateID + i;
    const { row, chain } = writer.encode('m', text, i === 0 ? snapshot : null, i === 0 ? null : stateID - 1);
    writer.done('m', chain, text, stateID);
    return { stateID, logBase: 0, codec: row.codec, body: row.body, snap: row.snap };
  });
}

/** Row texts that repeat, word for word, what the chain held ~10,000 characters before (further back than 8 KB). */
function texts(n: number): string[] {
  const words = Array.from({ length: 40 }, (_, i) => `"area-${i}-${'x'.repeat(200 + i)}"`);
  return Array.from({ length: n }, (_, i) => eventText(`[${words[i % 40]}]`, `[{"type":"move${i}"}]`, i, `[[["G","turn"],${i}]]`));
}

describe('event rows in chains (event-codec)', () => {
  it('writes chains of the newest codec and reads them back', () => {
    const newest = CHAIN_CODECS[CHAIN_CODECS.length - 1]!;
    const all = texts(120);
    const rows = writeChain(new ChainWriter(), all, 1, '{"G":{}}');
    expect(rows[0]!.codec).toBe(newest.start);
    expect(rows.slice(1).every((r) => r.codec === newest.next)).toBe(true);
    expect(decodeAll(rows).map((e) => e.text)).toEqual(all);
  });

  it('reads every older codec with the dictionary it was written with, also with a newer chain after it', () => {
    for (const old of CHAIN_CODECS) {
      const before = texts(120);
      const oldRows = writeChain(new ChainWriter(old), before, 1, 'x'.repeat(40_000));
      // After an upgrade the writer holds no chain: the next row starts one of the newest codec.
      const after = texts(30);
      const newRows = writeChain(new ChainWriter(), after, 121, null);
      expect(decodeAll([...oldRows, ...newRows]).map((e) => e.text)).toEqual([...before, ...after]);
    }
  });

  it("refuses a next row of another codec's chain instead of inflating it with the wrong dictionary", () => {
    const [a, b] = CHAIN_CODECS;
    const rows = writeChain(new ChainWriter(a), texts(60), 1, null);
    const mixed = [rows[0]!, ...rows.slice(1).map((r) => ({ ...r, codec: b!.next }))];
    expect(() => decodeAll(mixed)).toThrow(/chain does not start before it/);
  });
});
