/**
 * A Map that forgets its oldest entries past a size: for per-match facts the server caches to keep
 * storage reads off the move path (a match without a clock, without notification settings) but must
 * not hold for every match it ever saw.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.has(key)) this.delete(key); // newest last
    super.set(key, value);
    while (this.size > this.max) this.delete(this.keys().next().value as K);
    return this;
  }
}
