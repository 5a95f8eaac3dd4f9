/**
 * The move schemas are made at first use (src/engine/model/lazy-record.ts): a record reads as the
 * plain object it replaced (keys in order, `in`, Object.hasOwn, exact types), each value is made
 * once, on its first read, and the combined record holds the very schema objects of its parts.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { lazyRecord, readersOf } from '../src/engine/model/lazy-record';
import { ACTION_SCHEMAS, ACTION_TYPES, NAVAL_SCHEMAS, type ActionArgs } from '../src/engine/model/actions';

describe('a lazy record', () => {
  it('makes each value once, at its first read, and reads as a plain object', () => {
    const made: string[] = [];
    const maker =
      <T>(name: string, make: () => T) =>
      () => {
        made.push(name);
        return make();
      };
    const record = lazyRecord({ a: maker('a', () => z.object({ n: z.number() })), b: maker('b', () => z.string()) });
    expect(Object.keys(record)).toEqual(['a', 'b']);
    expect('a' in record && Object.hasOwn(record, 'b')).toBe(true);
    expect(made).toEqual([]);
    const a = record.a;
    expect(record.a).toBe(a);
    expect(made).toEqual(['a']);
    expect(a.parse({ n: 1 })).toEqual({ n: 1 });
    expectTypeOf(record.a).toEqualTypeOf<z.ZodObject<{ n: z.ZodNumber }>>();
    const both = lazyRecord({ ...readersOf(record), c: () => z.boolean() });
    expect(both.b).toBe(record.b);
    expect(made).toEqual(['a', 'b']);
  });
});

describe('the move schemas', () => {
  it('keep their order and types, and the combined record holds the naval schemas themselves', () => {
    expect(ACTION_TYPES.slice(0, 3)).toEqual(['move', 'playCard', 'pass']);
    expect(ACTION_TYPES.at(-1)).toBe('withdrawShips');
    expect(ACTION_SCHEMAS.sail).toBe(NAVAL_SCHEMAS.sail);
    expectTypeOf<ActionArgs<'move'>>().toEqualTypeOf<{ from: string; to: string; count: number }>();
    expect(ACTION_SCHEMAS.move.safeParse({ from: 'x', to: 'y', count: 1, extra: 1 }).success).toBe(false);
  });
});
