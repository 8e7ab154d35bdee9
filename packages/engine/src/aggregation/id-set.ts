/**
 * A set of transaction ids, for deduplication on the hot path. A `Set<string>` of a million
 * fresh strings costs several hundred nanoseconds per insertion; this open-addressing table
 * keeps each id's 32-bit hash in one typed array (4 bytes a slot, so a probe touches one
 * cache line of hashes) and the slot's id index in another, read only when the hashes match;
 * the strings themselves are compared then, so it is exact: a hash collision never makes two
 * ids equal.
 *
 * Memory per id: 8 bytes for the reference to its string (the string itself stays alive) plus
 * 8 to 16 bytes of table (two 4-byte cells per slot, the table kept at most half full).
 * @internal
 */
export class IdSet {
  /** The ids, in insertion order. */
  private readonly ids: string[] = [];
  /** Per slot: the id's hash (never 0), or 0 when the slot is empty. */
  private hashes: Int32Array;
  /** Per slot: the index of the slot's id in `ids`. */
  private entries: Int32Array;
  private mask: number;

  /** `expected`: how many ids are likely (the table starts large enough for them). */
  constructor(expected = 8) {
    const slots = slotsFor(expected);
    this.hashes = new Int32Array(slots);
    this.entries = new Int32Array(slots);
    this.mask = slots - 1;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Makes room for `expected` ids in all without growing again on the way. */
  reserve(expected: number): void {
    const slots = slotsFor(expected);
    if (slots > this.mask + 1) this.rehash(slots);
  }

  /** Adds `id`; `false` when it was already there. */
  add(id: string): boolean {
    return this.placeHashed(id, hashOf(id)) < 0;
  }

  /** Adds `id` whose {@link hashOf} is `hash` (computed elsewhere, e.g. with a batch). */
  addHashed(id: string, hash: number): boolean {
    return this.placeHashed(id, hash) < 0;
  }

  /**
   * Where `id` was added (0 for the first id, in insertion order) when it is there; else adds
   * it (it is then at `size - 1`) and answers -1. For a caller that keeps something per id.
   */
  place(id: string): number {
    return this.placeHashed(id, hashOf(id));
  }

  private placeHashed(id: string, hash: number): number {
    const hashes = this.hashes;
    const mask = this.mask;
    let slot = hash & mask;
    for (;;) {
      const h = hashes[slot] ?? 0;
      if (h === 0) break;
      if (h === hash) {
        const at = this.entries[slot] ?? 0;
        if (this.ids[at] === id) return at;
      }
      slot = (slot + 1) & mask;
    }
    hashes[slot] = hash;
    this.entries[slot] = this.ids.length;
    this.ids.push(id);
    // Keep the table at most half full, so probes stay short.
    if (this.ids.length * 2 > mask) this.rehash((mask + 1) * 2);
    return -1;
  }

  /** `true` when `id` is in the set. */
  has(id: string): boolean {
    const hash = hashOf(id);
    let slot = hash & this.mask;
    for (;;) {
      const h = this.hashes[slot] ?? 0;
      if (h === 0) return false;
      if (h === hash && this.ids[this.entries[slot] ?? 0] === id) return true;
      slot = (slot + 1) & this.mask;
    }
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.ids[Symbol.iterator]();
  }

  private rehash(slots: number): void {
    const mask = slots - 1;
    const hashes = new Int32Array(slots);
    const entries = new Int32Array(slots);
    for (let old = 0; old <= this.mask; old++) {
      const hash = this.hashes[old] ?? 0;
      if (hash === 0) continue;
      let slot = hash & mask;
      while ((hashes[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      hashes[slot] = hash;
      entries[slot] = this.entries[old] ?? 0;
    }
    this.hashes = hashes;
    this.entries = entries;
    this.mask = mask;
  }
}

/** The table size (a power of two) that holds `expected` ids at most half full. */
function slotsFor(expected: number): number {
  let slots = 16;
  while (slots < expected * 2 && slots < 2 ** 30) slots *= 2;
  return slots;
}

/**
 * FNV-1a over the UTF-16 code units, then a final mix so the low bits spread well; never 0
 * (0 marks an empty slot).
 */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash === 0 ? 1 : hash;
}
