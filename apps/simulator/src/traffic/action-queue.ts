/**
 * A min-heap of timed actions. Ties break by insertion order, so a seeded run is reproducible
 * even when two actions fall on the same millisecond.
 */
export class ActionQueue<T> {
  private readonly heap: { at: number; order: number; item: T }[] = [];
  private counter = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, item: T): void {
    this.heap.push({ at, order: this.counter++, item });
    let index = this.heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.less(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  peekAt(): number | undefined {
    return this.heap[0]?.at;
  }

  pop(): { at: number; item: T } | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (!top || !last) return undefined;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < this.heap.length && this.less(left, smallest)) smallest = left;
        if (right < this.heap.length && this.less(right, smallest)) smallest = right;
        if (smallest === index) break;
        this.swap(index, smallest);
        index = smallest;
      }
    }
    return { at: top.at, item: top.item };
  }

  private less(a: number, b: number): boolean {
    const x = this.heap[a];
    const y = this.heap[b];
    if (!x || !y) return false;
    return x.at < y.at || (x.at === y.at && x.order < y.order);
  }

  private swap(a: number, b: number): void {
    const x = this.heap[a];
    const y = this.heap[b];
    if (!x || !y) return;
    this.heap[a] = y;
    this.heap[b] = x;
  }
}
