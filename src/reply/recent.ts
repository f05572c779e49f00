/**
 * A bounded map that forgets the least recently used entry first. Its values must be pure
 * functions of their keys (the compact form of a canonical request, what a text reads back as),
 * so a hit returns exactly what computing again would, and the bound keeps memory flat however
 * many distinct requests a process answers.
 */
export class Recent<V> {
  private readonly entries = new Map<string, V>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `key`, computed (and kept) when there is none. */
  of(key: string, compute: () => V): V {
    if (this.entries.has(key)) {
      const kept = this.entries.get(key) as V;
      // Re-inserting moves it to the young end, so a value in use outlives the ones that are not.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const value = compute();
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }
}
