/**
 * Items by the whole second they expire in, taken a bounded number at a time: a check never
 * pays for all the entries that happen to expire in the same second (a million of them cost a
 * million checks a few items each, not one long pause).
 *
 * @module
 * @internal
 */

/** Seconds -> the items that expire then, with a min-heap of the seconds. @internal */
export class ExpiryQueue<T> {
  readonly #buckets = new Map<number, Set<T>>();
  /** Every second that has (or had) a bucket, smallest first; emptied ones leave on `take`. */
  readonly #heap: number[] = [];

  /** Files `item` under `second`. */
  add(second: number, item: T): void {
    const bucket = this.#buckets.get(second);
    if (bucket !== undefined) {
      bucket.add(item);
      return;
    }
    this.#buckets.set(second, new Set([item]));
    this.#push(second);
  }

  /** Takes `item` out of `second` (an item found and dropped before its time). */
  delete(second: number, item: T): void {
    const bucket = this.#buckets.get(second);
    if (bucket === undefined) return;
    bucket.delete(item);
    if (bucket.size === 0) this.#buckets.delete(second);
  }

  /**
   * Takes out at most `budget` items filed under `upTo` or earlier, earliest first. Each emptied
   * second counts against the budget too, so one call does at most `budget` steps of work.
   */
  take(upTo: number, budget: number, out: T[]): void {
    while (budget > 0 && this.#heap.length > 0 && this.#heap[0]! <= upTo) {
      const second = this.#heap[0]!;
      const bucket = this.#buckets.get(second);
      if (bucket === undefined) {
        this.#pop();
        budget--;
        continue;
      }
      for (const item of bucket) {
        if (budget === 0) break;
        bucket.delete(item);
        out.push(item);
        budget--;
      }
      if (bucket.size === 0) this.#buckets.delete(second);
    }
  }

  #push(second: number): void {
    const heap = this.#heap;
    let i = heap.push(second) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= second) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = second;
  }

  #pop(): void {
    const heap = this.#heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]! < heap[left]! ? right : left;
      if (heap[child]! >= last) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
  }
}
