/**
 * A set of transaction ids, for deduplication on the hot path. A `Set<string>` of a million
 * fresh strings costs several hundred nanoseconds per insertion; this open-addressing table
 * keeps 32-bit hashes and indexes in one typed array (no object per entry) and compares the
 * strings themselves on a hash match, so it is exact: a hash collision never makes two ids
 * equal. Memory: the ids (already held by the events) plus 8 bytes per table slot.
 * @internal
 */
export class IdSet {
  /** The ids, in insertion order. */
  private readonly ids: string[] = [];
  /**
   * Two cells per slot, side by side so a probe touches one cache line: 1 + the index of the
   * slot's id in `ids` (0 when empty), then the id's hash (compared before the strings).
   * Small at first (an estimate's pass holds one id), doubled as ids come.
   */
  private table = new Int32Array(32);
  private mask = 15;

  get size(): number {
    return this.ids.length;
  }

  /** Adds `id`; `false` when it was already there. */
  add(id: string): boolean {
    const hash = hashOf(id);
    let slot = hash & this.mask;
    for (;;) {
      const entry = this.table[2 * slot] ?? 0;
      if (entry === 0) break;
      if (this.table[2 * slot + 1] === hash && this.ids[entry - 1] === id) return false;
      slot = (slot + 1) & this.mask;
    }
    this.ids.push(id);
    this.table[2 * slot] = this.ids.length;
    this.table[2 * slot + 1] = hash;
    // Keep the table at most half full, so probes stay short.
    if (this.ids.length * 2 > this.mask) this.grow();
    return true;
  }

  /** `true` when `id` is in the set. */
  has(id: string): boolean {
    const hash = hashOf(id);
    let slot = hash & this.mask;
    for (;;) {
      const entry = this.table[2 * slot] ?? 0;
      if (entry === 0) return false;
      if (this.table[2 * slot + 1] === hash && this.ids[entry - 1] === id) return true;
      slot = (slot + 1) & this.mask;
    }
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.ids[Symbol.iterator]();
  }

  private grow(): void {
    const mask = this.mask * 2 + 1;
    const table = new Int32Array(2 * (mask + 1));
    for (let old = 0; old <= this.mask; old++) {
      const entry = this.table[2 * old] ?? 0;
      if (entry === 0) continue;
      const hash = this.table[2 * old + 1] ?? 0;
      let slot = hash & mask;
      while ((table[2 * slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      table[2 * slot] = entry;
      table[2 * slot + 1] = hash;
    }
    this.table = table;
    this.mask = mask;
  }
}

/** FNV-1a over the UTF-16 code units, then a final mix so the low bits spread well. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}
