/**
 * The consumers of a memory nonce store: each one's live nonces in arrival order, its floor (the
 * highest timestamp of its nonces evicted to make room), and which consumers hold the most.
 *
 * @module
 * @internal
 */

/** One recorded triple. @internal */
export interface Entry {
  /** Fixed-size key of (consumer, nonce, timestamp). */
  readonly key: string;
  readonly owner: Partition;
  /** The request's timestamp, in seconds. */
  readonly timestamp: number;
  /** Arrival order in the store (a counter, not a clock). */
  readonly seq: number;
  /** Whole second from which it is forgotten. */
  readonly expiry: number;
  /** False once expired or evicted. */
  live: boolean;
}

/** One consumer. @internal */
export interface Partition {
  /** Fixed-size key of the consumer. */
  readonly id: string;
  /** Live entries. */
  count: number;
  /** Entries in arrival order from `head` (dead ones are skipped, and compacted away). */
  queue: Entry[];
  head: number;
  /** Timestamps up to this one are refused until `floorExpiry`: some of them were evicted. */
  floor: number;
  floorExpiry: number;
}

/** Whether some of the partition's entries were evicted and their floor has not expired yet. @internal */
export function hasFloor(p: Partition): boolean {
  return p.floorExpiry !== -Infinity;
}

/** How many consumers tied at the most {@link Consumers.heaviest} compares. */
const TIE_LOOKUPS = 64;

/** Consumers by id, and by how many live entries they hold. @internal */
export class Consumers {
  readonly #byId = new Map<string, Partition>();
  /** count -> the partitions holding that many live entries (count >= 1). */
  readonly #byCount = new Map<number, Set<Partition>>();
  #most = 0;
  /** Partitions holding no live entry, kept for their floor. */
  floorOnly = 0;

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): Partition | undefined {
    return this.#byId.get(id);
  }

  create(id: string): Partition {
    const p: Partition = {
      id,
      count: 0,
      queue: [],
      head: 0,
      floor: -Infinity,
      floorExpiry: -Infinity,
    };
    this.#byId.set(id, p);
    return p;
  }

  /** Records a new live entry of its owner. */
  add(entry: Entry): void {
    const p = entry.owner;
    if (p.count === 0 && hasFloor(p)) this.floorOnly--;
    this.#move(p, p.count + 1);
    p.queue.push(entry);
  }

  /** Marks a live entry dead; drops its owner when nothing is left of it. */
  remove(entry: Entry): void {
    const p = entry.owner;
    entry.live = false;
    this.#move(p, p.count - 1);
    if (p.count === 0) {
      if (hasFloor(p)) this.floorOnly++;
      else this.#byId.delete(p.id);
      p.queue = [];
      p.head = 0;
    } else if (p.queue.length - p.head > 2 * p.count + 16) {
      // Entries die out of order (different TTLs): compact, so the queue stays within ~2x live.
      p.queue = p.queue.slice(p.head).filter((e) => e.live);
      p.head = 0;
    }
  }

  /** Forgets a floor that has expired; drops the partition when it holds nothing else. */
  clearFloor(p: Partition): void {
    p.floor = -Infinity;
    p.floorExpiry = -Infinity;
    if (p.count === 0 && this.#byId.get(p.id) === p) {
      this.floorOnly--;
      this.#byId.delete(p.id);
    }
  }

  /**
   * A consumer holding the most live entries (undefined when none holds any). Among consumers
   * tied at the most, the one whose oldest live nonce arrived last: the newest arrival at the top
   * pays, not the consumer that got there first (a merchant with 5 nonces among 199 flooders with
   * 5 each keeps its own). At most {@link TIE_LOOKUPS} tied consumers are compared: bounded work.
   */
  heaviest(): Partition | undefined {
    let best: Partition | undefined;
    let bestSeq = -1;
    let seen = 0;
    for (const p of this.#byCount.get(this.#most) ?? []) {
      const seq = this.oldest(p)?.seq ?? -1;
      if (seq > bestSeq) {
        best = p;
        bestSeq = seq;
      }
      if (++seen >= TIE_LOOKUPS) break;
    }
    return best;
  }

  /** The earliest-arrived live entry of `p`. */
  oldest(p: Partition): Entry | undefined {
    while (p.head < p.queue.length) {
      const e = p.queue[p.head]!;
      if (e.live) return e;
      p.head++;
    }
    return undefined;
  }

  #move(p: Partition, to: number): void {
    const from = p.count;
    const set = this.#byCount.get(from);
    const next = to > 0 ? this.#byCount.get(to) : undefined;
    p.count = to;
    if (set !== undefined && set.size === 1 && next === undefined && to > 0) {
      // Alone at its count and alone at the next: the set moves with it (a steady flood allocates nothing).
      this.#byCount.delete(from);
      this.#byCount.set(to, set);
    } else {
      if (set !== undefined) {
        set.delete(p);
        if (set.size === 0) this.#byCount.delete(from);
      }
      if (next !== undefined) next.add(p);
      else if (to > 0) this.#byCount.set(to, new Set([p]));
    }
    if (to > this.#most) this.#most = to;
    // Counts move by one, so the next lower count is held by someone while anyone holds one.
    while (this.#most > 0 && !this.#byCount.has(this.#most)) this.#most--;
  }
}
